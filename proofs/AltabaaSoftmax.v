(** * Altabaa & Lafferty 2024, Theorem 5.1: softmax attention retrieves the maximal key

    Spec: shared/theorems/altabaa2024.md §6.3, steps A1–A8. Keys are indexed [0 .. n-1], [i] is
    the selected (maximal) index, [s j] are the scores and [beta >= 0] the inverse temperature.
    Values [v j] are scalars, as in one output coordinate of the C++ [Mix] node; applied per
    coordinate, the bound holds for vector values that are within [D] coordinatewise. For a
    bound in a norm (the spec's [||y_j - y_i|| <= D_Y]) see AltabaaSoftmaxVector.v. *)
From Coq Require Import Reals Lra Lia.
From Approxcert Require Import Sums Splits.
Open Scope R_scope.

Definition softmax_denominator (beta : R) (s : nat -> R) (n : nat) : R :=
  rsum (fun l => exp (beta * s l)) n.

Definition softmax (beta : R) (s : nat -> R) (n j : nat) : R :=
  exp (beta * s j) / softmax_denominator beta s n.

(** The attention output [sum_j alpha_j v_j]. *)
Definition attention (beta : R) (s v : nat -> R) (n : nat) : R :=
  rsum (fun j => softmax beta s n j * v j) n.

Lemma exp_le_mono : forall x y, x <= y -> exp x <= exp y.
Proof. intros x y [H|H]; [left; apply exp_increasing, H | rewrite H; lra]. Qed.

Lemma softmax_denominator_ge : forall beta s n i, (i < n)%nat ->
  exp (beta * s i) <= softmax_denominator beta s n.
Proof.
  intros beta s n i Hi; unfold softmax_denominator. rewrite (rsum_split _ n i Hi).
  assert (0 <= rsum_except (fun l => exp (beta * s l)) n i)
    by (apply rsum_except_nonneg; intros; left; apply exp_pos). lra.
Qed.

Lemma softmax_denominator_pos : forall beta s n, (0 < n)%nat -> 0 < softmax_denominator beta s n.
Proof.
  intros beta s n Hn. eapply Rlt_le_trans; [apply (exp_pos (beta * s 0%nat))|].
  apply softmax_denominator_ge; exact Hn.
Qed.

Lemma softmax_nonneg : forall beta s n j, (0 < n)%nat -> 0 <= softmax beta s n j.
Proof.
  intros beta s n j Hn; unfold softmax. left. apply Rdiv_lt_0_compat; [apply exp_pos | apply softmax_denominator_pos, Hn].
Qed.

Lemma softmax_sum_one : forall beta s n, (0 < n)%nat -> rsum (softmax beta s n) n = 1.
Proof.
  intros beta s n Hn. unfold softmax.
  rewrite (rsum_ext _ (fun j => / softmax_denominator beta s n * exp (beta * s j))) by (intros; unfold Rdiv; ring).
  rewrite rsum_scal_l. fold (softmax_denominator beta s n).
  field. apply Rgt_not_eq, softmax_denominator_pos, Hn.
Qed.

(** The form the C++ evaluator computes ([eval_softmax_mix] in lib/net/evaluate.hpp):
    [w_j = 1 / (1 + sum_{k <> j} exp (s_k - s_j))], here with the scores [beta * s]. *)
Lemma softmax_shift_form : forall beta s n j, (j < n)%nat ->
  softmax beta s n j = / (1 + rsum_except (fun k => exp (beta * s k - beta * s j)) n j).
Proof.
  intros beta s n j Hj.
  assert (Hd : 1 + rsum_except (fun k => exp (beta * s k - beta * s j)) n j
               = softmax_denominator beta s n * / exp (beta * s j)).
  { unfold softmax_denominator. rewrite (rsum_split _ n j Hj).
    unfold rsum_except. rewrite Rmult_plus_distr_r, Rinv_r by apply Rgt_not_eq, exp_pos. f_equal.
    rewrite (Rmult_comm (rsum _ n)), <- rsum_scal_l. apply rsum_ext; intros k _.
    destruct (Nat.eqb k j); [ring|]. unfold Rminus. rewrite exp_plus, exp_Ropp. ring. }
  rewrite Hd. unfold softmax. rewrite Rinv_mult, Rinv_inv. unfold Rdiv. ring.
Qed.

(** A2: every weight is at most [exp (beta (s_j - s_i))], for any index [i]. *)
Lemma altabaa_a2_weight_le_exp_gap : forall beta s n i j, (i < n)%nat ->
  softmax beta s n j <= exp (beta * (s j - s i)).
Proof.
  intros beta s n i j Hi. unfold softmax.
  pose proof (softmax_denominator_ge beta s n i Hi) as Hge.
  pose proof (exp_pos (beta * s i)). pose proof (exp_pos (beta * s j)).
  replace (beta * (s j - s i)) with (beta * s j + - (beta * s i)) by ring.
  rewrite exp_plus, exp_Ropp. unfold Rdiv. apply Rmult_le_compat_l; [lra|].
  apply Rinv_le_contravar; assumption.
Qed.

(** A3: scores within [eps1] of utilities with margin [eta] have margin [eta - 2 eps1]. *)
Lemma altabaa_a3_score_gap : forall (s u : nat -> R) i j eps1 eta,
  Rabs (s i - u i) <= eps1 -> Rabs (s j - u j) <= eps1 -> u i - u j >= eta ->
  s i - s j >= eta - 2 * eps1.
Proof.
  intros s u i j eps1 eta Hi Hj Hm. apply abs_le_between in Hi. apply abs_le_between in Hj. lra.
Qed.

(** A4: if every other score is below [s_i] by at least [m], every other weight is at most
    [exp (-beta m)]. *)
Theorem altabaa_thm51_weight_bound : forall beta s n i j m, 0 <= beta -> (i < n)%nat ->
  s i - s j >= m -> softmax beta s n j <= exp (- (beta * m)).
Proof.
  intros beta s n i j m Hb Hi Hm. eapply Rle_trans; [apply (altabaa_a2_weight_le_exp_gap _ _ _ i j Hi)|].
  apply exp_le_mono. nra.
Qed.

(** A5: the selected weight is at least [1 - (n-1) exp (-beta m)]. *)
Theorem altabaa_thm51_selected_weight : forall beta s n i m, 0 <= beta -> (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> s i - s j >= m) ->
  softmax beta s n i >= 1 - (INR n - 1) * exp (- (beta * m)).
Proof.
  intros beta s n i m Hb Hi Hm.
  pose proof (softmax_sum_one beta s n ltac:(lia)) as H1. rewrite (rsum_split _ n i Hi) in H1.
  assert (rsum_except (softmax beta s n) n i <= (INR n - 1) * exp (- (beta * m))).
  { apply rsum_except_le_const; [exact Hi|]. intros j Hj Hji.
    apply (altabaa_thm51_weight_bound _ _ _ i); auto. }
  lra.
Qed.

(** A5', the tighter form: the selected weight is at least [1 / (1 + (n-1) exp (-beta m))]. *)
Theorem altabaa_thm51_selected_weight_tight : forall beta s n i m, 0 <= beta -> (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> s i - s j >= m) ->
  softmax beta s n i >= / (1 + (INR n - 1) * exp (- (beta * m))).
Proof.
  intros beta s n i m Hb Hi Hm. rewrite (softmax_shift_form _ _ _ _ Hi).
  assert (H0 : 0 <= rsum_except (fun k => exp (beta * s k - beta * s i)) n i)
    by (apply rsum_except_nonneg; intros; left; apply exp_pos).
  assert (Hle : rsum_except (fun k => exp (beta * s k - beta * s i)) n i <= (INR n - 1) * exp (- (beta * m))).
  { apply rsum_except_le_const; [exact Hi|]. intros k Hk Hki. apply exp_le_mono.
    specialize (Hm k Hk Hki). nra. }
  apply Rle_ge, Rinv_le_contravar; lra.
Qed.

(** A6: the attention output is within [(n-1) exp (-beta m) D] of the selected value when every
    value is within [D] of it. *)
Theorem altabaa_thm51_output_error : forall beta s v n i m D, 0 <= beta -> (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> s i - s j >= m) ->
  (forall j, (j < n)%nat -> Rabs (v j - v i) <= D) ->
  Rabs (attention beta s v n - v i) <= (INR n - 1) * exp (- (beta * m)) * D.
Proof.
  intros beta s v n i m D Hb Hi Hm HD.
  assert (Hdiff : attention beta s v n - v i = rsum_except (fun j => softmax beta s n j * (v j - v i)) n i).
  { unfold attention.
    replace (v i) with (rsum (softmax beta s n) n * v i) at 1 by (rewrite softmax_sum_one by lia; ring).
    rewrite Rmult_comm, <- rsum_scal_l, <- rsum_minus.
    rewrite (rsum_split _ n i Hi). unfold rsum_except.
    replace (softmax beta s n i * v i - v i * softmax beta s n i) with 0 by ring.
    rewrite Rplus_0_l. apply rsum_ext; intros j _. destruct (Nat.eqb j i); ring. }
  rewrite Hdiff. eapply Rle_trans; [apply rsum_except_abs|].
  rewrite Rmult_assoc. apply rsum_except_le_const; [exact Hi|]. intros j Hj Hji.
  assert (Hn : (0 < n)%nat) by lia. pose proof (softmax_nonneg beta s n j Hn).
  rewrite Rabs_mult, (Rabs_pos_eq (softmax beta s n j)) by assumption.
  pose proof (Rabs_pos (v j - v i)).
  apply Rmult_le_compat; auto.
  apply (altabaa_thm51_weight_bound _ _ _ i); auto.
Qed.

(** A7: choosing [beta m >= ln ((n-1) D / eps)] makes the A6 bound at most [eps]. *)
Lemma altabaa_a7_beta_choice : forall n D eps beta m, 0 < eps -> 0 < (INR n - 1) * D ->
  ln ((INR n - 1) * D / eps) <= beta * m -> (INR n - 1) * exp (- (beta * m)) * D <= eps.
Proof.
  intros n D eps beta m He HK Hln. set (K := (INR n - 1) * D) in *.
  assert (Hpos : 0 < K / eps) by (apply Rdiv_lt_0_compat; assumption).
  assert (Hexp : exp (- (beta * m)) <= exp (- ln (K / eps))) by (apply exp_le_mono; lra).
  rewrite (exp_Ropp (ln (K / eps))), exp_ln in Hexp by exact Hpos.
  replace ((INR n - 1) * exp (- (beta * m)) * D) with (K * exp (- (beta * m))) by (unfold K; ring).
  replace eps with (K * / (K / eps)) by (field; lra).
  apply Rmult_le_compat_l; lra.
Qed.

(** The spec's choice [eps1 = eta/4], [beta = (2/eta) ln ((n-1) D / eps)] gives exactly
    [beta (eta - 2 eps1) = ln ((n-1) D / eps)]. *)
Lemma altabaa_a7_beta_formula : forall eta K beta, 0 < eta -> beta = 2 / eta * ln K ->
  beta * (eta - 2 * (eta / 4)) = ln K.
Proof. intros eta K beta He ->. field. lra. Qed.

(** Theorem 5.1 on the margin event (A1–A7 combined): scores within [eps1] of the utilities
    (A1), a utility margin [eta] (the event E_eta of A8), values within [D] of the selected one.
    The probability of the event (A8) is a hypothesis of the paper and is not modelled here. *)
Theorem altabaa_thm51_retrieval : forall beta (s u v : nat -> R) n i eps1 eta D,
  0 <= beta -> (i < n)%nat ->
  (forall k, (k < n)%nat -> Rabs (s k - u k) <= eps1) ->                   (* A1 *)
  (forall j, (j < n)%nat -> j <> i -> u i - u j >= eta) ->                 (* E_eta *)
  (forall j, (j < n)%nat -> Rabs (v j - v i) <= D) ->
  Rabs (attention beta s v n - v i) <= (INR n - 1) * exp (- (beta * (eta - 2 * eps1))) * D.
Proof.
  intros beta s u v n i eps1 eta D Hb Hi HA1 Hm HD. apply altabaa_thm51_output_error; auto.
  intros j Hj Hji. apply (altabaa_a3_score_gap s u); auto.
Qed.

Corollary altabaa_thm51_retrieval_eps : forall beta (s u v : nat -> R) n i eps1 eta D eps,
  0 <= beta -> (i < n)%nat ->
  (forall k, (k < n)%nat -> Rabs (s k - u k) <= eps1) ->
  (forall j, (j < n)%nat -> j <> i -> u i - u j >= eta) ->
  (forall j, (j < n)%nat -> Rabs (v j - v i) <= D) ->
  (INR n - 1) * exp (- (beta * (eta - 2 * eps1))) * D <= eps ->
  Rabs (attention beta s v n - v i) <= eps.
Proof.
  intros beta s u v n i eps1 eta D eps Hb Hi HA1 Hm HD Heps.
  eapply Rle_trans; [apply (altabaa_thm51_retrieval beta s u v n i eps1 eta D)|]; auto.
Qed.
