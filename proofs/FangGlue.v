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

(** * The width of the construction (F5), for every d and k

    Binomial coefficients by Pascal's rule; m_l = binom (d + l) d monomials of degree <= l in d
    variables. The residual stream holds POS (n = m_k columns), R_0 .. R_k and K_0 .. K_{k-1}, so
    its width is m_k + sum_{l <= k} m_l + sum_{l < k} m_l, which the hockey-stick identity turns
    into the closed form 2 binom (d + k) d + 2 binom (d + k) (d + 1) of (F5). *)
From Coq Require Import Arith Lia.
Local Open Scope nat_scope.

Fixpoint binom (n k : nat) : nat :=
  match n, k with
  | _, O => 1
  | O, S _ => 0
  | S n', S k' => binom n' k' + binom n' (S k')
  end.

Fixpoint sum_below (f : nat -> nat) (k : nat) : nat :=
  match k with O => 0 | S k' => sum_below f k' + f k' end.

Lemma binom_over : forall n k, n < k -> binom n k = 0.
Proof.
  induction n as [|n IH]; intros [|k] H; simpl; try lia.
  rewrite !IH by lia. reflexivity.
Qed.

Lemma fang_hockey_stick : forall d k, sum_below (fun l => binom (d + l) d) k = binom (d + k) (S d).
Proof.
  intros d k. induction k as [|k IH]; simpl.
  - rewrite Nat.add_0_r, binom_over by lia. reflexivity.
  - rewrite IH. replace (d + S k) with (S (d + k)) by lia. simpl. lia.
Qed.

Theorem fang_width : forall d k,
  binom (d + k) d + sum_below (fun l => binom (d + l) d) (S k) + sum_below (fun l => binom (d + l) d) k
  = 2 * binom (d + k) d + 2 * binom (d + k) (S d).
Proof. intros d k. simpl sum_below. rewrite !fang_hockey_stick. lia. Qed.
