(* Negative fixture for proofs/gap_check.sh: a top-level Hypothesis is a global assumption that no
   keyword check sees; the Print Assumptions check must reject the lemma that uses it. *)
From Coq Require Import Reals.
Open Scope R_scope.
Hypothesis everything_is_zero : forall x : R, x = 0.
Lemma one_is_zero : 1 = 0.
Proof. apply everything_is_zero. Qed.
