(** * Altabaa & Lafferty 2024, Theorem 3.1: relation error of the Voronoi quantizer

    Spec: shared/theorems/altabaa2024.md §4.3, steps V3–V5 (also A1 of Theorem 5.1, which
    applies Theorem 3.1 to the utility). The domain [X] is any type with a distance [dist];
    [q] is the quantizer (nearest site), [k x] the index of the cell of [x], [Rm i j] the
    relation matrix [r (s_i) (s_j)] that the network reproduces on cell pairs (V3). *)
From Coq Require Import Reals Lra.
Open Scope R_scope.

Section Quantization.

Context {X : Type} (dist : X -> X -> R).

(** V4: [x] and its site lie in the same cell, so their distance is at most the cell's
    diameter bound [D], hence at most [delta] when [D <= delta] (and strictly less when
    [D < delta], the form V5 needs; see weak point W8 of the spec). *)
Lemma altabaa_v4_quantization_bound : forall (cell : X -> Prop) x s D delta,
  cell x -> cell s -> (forall a b, cell a -> cell b -> dist a b <= D) -> D <= delta ->
  dist x s <= delta.
Proof. intros cell x s D delta Hx Hs Hd HD. specialize (Hd x s Hx Hs). lra. Qed.

Lemma altabaa_v4_quantization_bound_lt : forall (cell : X -> Prop) x s D delta,
  cell x -> cell s -> (forall a b, cell a -> cell b -> dist a b <= D) -> D < delta ->
  dist x s < delta.
Proof. intros cell x s D delta Hx Hs Hd HD. specialize (Hd x s Hx Hs). lra. Qed.

(** V5 as the paper states it: a strict modulus of continuity [delta] for accuracy [eps],
    quantization error below [delta] in both arguments, and the network equal to [r] at the
    quantized points (V3) give [|r(x,y) - <psi_x(x), psi_y(y)>| < eps]. *)
Theorem altabaa_v5_relation_error : forall (r net : X -> X -> R) (q : X -> X) delta eps,
  (forall x x' y y', dist x x' < delta -> dist y y' < delta -> Rabs (r x y - r x' y') < eps) ->
  (forall x, dist x (q x) < delta) ->
  (forall x y, net x y = r (q x) (q y)) ->
  forall x y, Rabs (r x y - net x y) < eps.
Proof. intros r net q delta eps Hmod Hq Hnet x y. rewrite Hnet. apply Hmod; apply Hq. Qed.

(** The same with a non-strict modulus (the repair of W8: closed cells with diameter [<= delta]). *)
Theorem altabaa_v5_relation_error_le : forall (r net : X -> X -> R) (q : X -> X) delta eps,
  (forall x x' y y', dist x x' <= delta -> dist y y' <= delta -> Rabs (r x y - r x' y') <= eps) ->
  (forall x, dist x (q x) <= delta) ->
  (forall x y, net x y = r (q x) (q y)) ->
  forall x y, Rabs (r x y - net x y) <= eps.
Proof. intros r net q delta eps Hmod Hq Hnet x y. rewrite Hnet. apply Hmod; apply Hq. Qed.

(** V5 as approxcert certifies it: every point lies in its cell [k x], the network is constant
    [Rm i j] on each cell pair, and on every cell pair [sup |r - Rm i j| <= E] (certified by
    interval enclosures of [r] over the cell pair, refined by subdivision). *)
Theorem altabaa_v5_cellwise : forall (cell : nat -> X -> Prop) (k : X -> nat)
  (r net : X -> X -> R) (Rm : nat -> nat -> R) E,
  (forall x, cell (k x) x) ->
  (forall x y, net x y = Rm (k x) (k y)) ->
  (forall i j x y, cell i x -> cell j y -> Rabs (r x y - Rm i j) <= E) ->
  forall x y, Rabs (r x y - net x y) <= E.
Proof. intros cell k r net Rm E Hk Hnet Hcell x y. rewrite Hnet. apply Hcell; apply Hk. Qed.

End Quantization.
