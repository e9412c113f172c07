(** * Altabaa & Lafferty 2024, Theorem 5.1, step A6 for vector values

    The spec's A6 bounds [|| Attn - Select ||] for vector values [y_j] in a normed space.
    Here the values live in any normed module [V] over the reals (a Coquelicot [NormedModule]:
    Euclidean R^d is one once declared as such; Coquelicot's own product instance uses the max
    norm). Only the triangle inequality and [norm (scal l x) <= |l| norm x] are used. The weights are those of AltabaaSoftmax.v. *)
From Coq Require Import Reals Lra Lia.
Set Warnings "-ambiguous-paths".
From Coquelicot Require Import Coquelicot.
From Approxcert Require Import Sums AltabaaSoftmax.
Open Scope R_scope.

Section VectorValues.

Context {V : NormedModule R_AbsRing}.

Fixpoint vsum (f : nat -> V) (n : nat) : V :=
  match n with O => zero | S k => plus (vsum f k) (f k) end.

(** The attention output [sum_j alpha_j y_j] for vector values. *)
Definition vattention (beta : R) (s : nat -> R) (y : nat -> V) (n : nat) : V :=
  vsum (fun j => scal (softmax beta s n j) (y j)) n.

Lemma vsum_norm : forall f n, norm (vsum f n) <= rsum (fun j => norm (f j)) n.
Proof.
  intros f n; induction n as [|n IH]; simpl.
  - rewrite norm_zero; lra.
  - eapply Rle_trans; [apply norm_triangle|]. lra.
Qed.

Lemma minus_plus_plus : forall a b c d : V, minus (plus a b) (plus c d) = plus (minus a c) (minus b d).
Proof.
  intros a b c d; unfold minus. rewrite opp_plus.
  rewrite <- (plus_assoc a b), (plus_assoc b), (plus_comm b (opp c)), <- (plus_assoc (opp c)).
  apply plus_assoc.
Qed.

Lemma scal_minus_distr : forall (x : R) (u w : V), scal x (minus u w) = minus (scal x u) (scal x w).
Proof. intros x u w; unfold minus. rewrite <- scal_opp_r. exact (@scal_distr_l R_Ring (NormedModule.ModuleSpace R_AbsRing V) x u (opp w)). Qed.

(** The module laws at the instance [V], stated with real scalars. *)
Lemma scal_0_l : forall w : V, scal 0 w = zero.
Proof. intros w. exact (@scal_zero_l R_Ring (NormedModule.ModuleSpace R_AbsRing V) w). Qed.

Lemma scal_1_l : forall w : V, scal 1 w = w.
Proof. intros w. exact (@scal_one R_Ring (NormedModule.ModuleSpace R_AbsRing V) w). Qed.

Lemma scal_plus_l : forall (x z : R) (w : V), scal (x + z) w = plus (scal x w) (scal z w).
Proof. intros x z w. exact (@scal_distr_r R_Ring (NormedModule.ModuleSpace R_AbsRing V) x z w). Qed.

(** [sum_j a_j (y_j - w) = sum_j a_j y_j - (sum_j a_j) w]. *)
Lemma vsum_centered : forall (a : nat -> R) (y : nat -> V) w n,
  vsum (fun j => scal (a j) (minus (y j) w)) n = minus (vsum (fun j => scal (a j) (y j)) n) (scal (rsum a n) w).
Proof.
  intros a y w n; induction n as [|n IH]; simpl.
  - rewrite scal_0_l. symmetry; apply minus_eq_zero.
  - rewrite IH, scal_minus_distr.
    rewrite scal_plus_l.
    symmetry; apply minus_plus_plus.
Qed.

(** A6 for vectors: if every other score is below [s_i] by at least [m] and every value is
    within [D] of the selected value [y_i], the attention output is within
    [(n-1) exp (-beta m) D] of [y_i]. *)
Theorem altabaa_thm51_output_error_vector : forall beta s (y : nat -> V) n i m D,
  0 <= beta -> (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> s i - s j >= m) ->
  (forall j, (j < n)%nat -> norm (minus (y j) (y i)) <= D) ->
  norm (minus (vattention beta s y n) (y i)) <= (INR n - 1) * exp (- (beta * m)) * D.
Proof.
  intros beta s y n i m D Hb Hi Hm HD.
  assert (Hn : (0 < n)%nat) by lia.
  assert (E : minus (vattention beta s y n) (y i)
               = vsum (fun j => scal (softmax beta s n j) (minus (y j) (y i))) n).
  { rewrite vsum_centered, softmax_sum_one by exact Hn. rewrite scal_1_l. reflexivity. }
  rewrite E.
  eapply Rle_trans; [apply vsum_norm|].
  eapply Rle_trans.
  { apply (rsum_le _ (fun j => softmax beta s n j * norm (minus (y j) (y i)))). intros j Hj.
    eapply Rle_trans; [exact (@norm_scal R_AbsRing V (softmax beta s n j) (minus (y j) (y i)))|].
    right. f_equal.
    apply Rabs_pos_eq, softmax_nonneg, Hn. }
  rewrite (rsum_split _ n i Hi), minus_eq_zero, norm_zero, Rmult_0_r, Rplus_0_l.
  rewrite Rmult_assoc. apply rsum_except_le_const; [exact Hi|]. intros j Hj Hji.
  pose proof (softmax_nonneg beta s n j Hn). pose proof (norm_ge_0 (minus (y j) (y i))).
  apply Rmult_le_compat; auto.
  apply (altabaa_thm51_weight_bound _ _ _ i); auto.
Qed.

End VectorValues.
