(* Negative fixture for proofs/gap_check.sh: Unlisted.v is not in _CoqProject, so it would never
   be compiled or checked. *)
Lemma listed : True.
Proof. exact I. Qed.
