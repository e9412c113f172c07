(** * Glue lemmas for user claim files (approxcert-claims/1)

    A claim file may name one of these lemmas on a step (docs/claims.md, "coq"); `approxcert coq`
    then concludes, from the certified upper bounds of the sup-norms the step combines (hypotheses:
    what the sup-norm certificates establish on the box) and the step's proved inequality (a numeric
    leaf), the statement the lemma gives. The domain is any type [X] with a predicate [inbox]. *)
From Coq Require Import Reals Lra.
Open Scope R_scope.

(** The triangle inequality for sup-norms: if [f] is within [a] of [t] and [g] within [b] of [f]
    on the box, and [a + b <= c], then [g] is within [c] of [t] on the box. *)
Theorem claims_sup_triangle :
  forall (X : Type) (inbox : X -> Prop) (t f g : X -> R) (a b c : R),
    (forall x, inbox x -> Rabs (t x - f x) <= a) ->
    (forall x, inbox x -> Rabs (f x - g x) <= b) ->
    a + b <= c ->
    forall x, inbox x -> Rabs (t x - g x) <= c.
Proof.
  intros X inbox t f g a b c Htf Hfg Habc x Hx.
  specialize (Htf x Hx). specialize (Hfg x Hx).
  replace (t x - g x) with ((t x - f x) + (f x - g x)) by ring.
  pose proof (Rabs_triang (t x - f x) (f x - g x)). lra.
Qed.
