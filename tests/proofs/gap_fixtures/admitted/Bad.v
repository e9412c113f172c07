(* Negative fixture for proofs/gap_check.sh: a lemma left unproved. *)
From Coq Require Import Reals.
Open Scope R_scope.
Lemma one_is_two : 1 = 2.
Proof.
Admitted.
