(** * Fang et al. 2022: the glue of F-C13 (universality by tensor Bernstein polynomials)

    Spec: the project's fang2022 summary, claim F-C13. The chain certifies, on the box [inbox]:
    F-C13-i   [sup |B_n f - f| <= u] (the sup-norm engine; [u] its certified upper bound) and
              [u <= bnd] with [bnd = L d / (2 sqrt n)];
    F-C13-bound [bnd <= eps];
    F-C13-ii  [T_c = B_n f] for all inputs (polynomial identity: exact grid evaluation plus the
              certified degree bound).
    This lemma combines them into F-C13-iii: [|T_c - f| <= eps] on the box. *)
From Coq Require Import Reals Lra.
Open Scope R_scope.

Theorem fang_bernstein_transfer :
  forall (T B f : R -> R -> R) (inbox : R -> R -> Prop) (u bnd eps : R),
    (forall x y, T x y = B x y) ->
    (forall x y, inbox x y -> Rabs (B x y - f x y) <= u) ->
    u <= bnd -> bnd <= eps ->
    forall x y, inbox x y -> Rabs (T x y - f x y) <= eps.
Proof.
  intros T B f inbox u bnd eps Hid Hsup Hu Hb x y Hin.
  rewrite Hid. specialize (Hsup x y Hin). lra.
Qed.
