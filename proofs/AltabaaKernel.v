(** * Altabaa & Lafferty 2024, Theorems 2.1 and 4.1: how the kernel chains combine

    Spec: shared/theorems/altabaa2024.md §1.4 (S1–S7) and §5.3 (R1–R5). The numbers
    (tail [T1], componentwise error [e], feature bound [C], budget) are certified by approxcert;
    these lemmas show that they imply the theorem's sup-norm bound. Features and networks are
    families [nat -> X -> R] over an arbitrary domain [X]; rank-[N] inner products are
    [rsum (fun i => a i x * b i y) N]. *)
From Coq Require Import Reals Lra.
From Approxcert Require Import Sums Splits.
Open Scope R_scope.

(** S4: the network components are bounded by [C + e]. *)
Lemma altabaa_s4_network_bound : forall (g psi : nat -> R) C e i,
  Rabs (g i) <= C -> Rabs (g i - psi i) <= e -> Rabs (psi i) <= C + e.
Proof. intros g psi C e i Hg He. apply (abs_bound_shift (g i)); [exact Hg|]. rewrite Rabs_minus_sym; exact He. Qed.

(** Theorem 4.1 chain R1–R5 (asymmetric, [K x y ~ sum_i a_i(x) b_i(y)]): truncation error [T1]
    (R1) plus the network term [N (2 C e + e^2)] (R2–R4), by the triangle split (R5). *)
Theorem altabaa_thm41_chain : forall (X : Type) (K : X -> X -> R) (a b p q : nat -> X -> R) N C e T1,
  (forall x y, Rabs (K x y - rsum (fun i => a i x * b i y) N) <= T1) ->
  (forall i x, (i < N)%nat -> Rabs (a i x) <= C) -> (forall i y, (i < N)%nat -> Rabs (b i y) <= C) ->
  (forall i x, (i < N)%nat -> Rabs (a i x - p i x) <= e) ->
  (forall i y, (i < N)%nat -> Rabs (b i y - q i y) <= e) ->
  forall x y, Rabs (K x y - rsum (fun i => p i x * q i y) N) <= T1 + INR N * (2 * C * e + e ^ 2).
Proof.
  intros X K a b p q N C e T1 HT Ha Hb Hp Hq x y.
  apply (triangle_split_le _ (rsum (fun i => a i x * b i y) N)); [apply HT|].
  apply (inner_product_error_bound (fun i => a i x) (fun i => b i y) (fun i => p i x) (fun i => q i y));
    intros i Hi; auto.
Qed.

(** Theorem 2.1 chain S1–S7 (symmetric: [a = b = g], [p = q = psi]). *)
Theorem altabaa_thm21_chain : forall (X : Type) (K : X -> X -> R) (g psi : nat -> X -> R) N C e T1,
  (forall x y, Rabs (K x y - rsum (fun i => g i x * g i y) N) <= T1) ->     (* S1 *)
  (forall i x, (i < N)%nat -> Rabs (g i x - psi i x) <= e) ->                (* S2 *)
  (forall i x, (i < N)%nat -> Rabs (g i x) <= C) ->                          (* S3 *)
  forall x y, Rabs (K x y - rsum (fun i => psi i x * psi i y) N) <= T1 + INR N * (2 * C * e + e ^ 2).
Proof. intros X K g psi N C e T1 HT He HC. apply (altabaa_thm41_chain X K g g psi psi); assumption. Qed.

(** The statement of Theorem 2.1: with [T1 <= eps/2] and the closed budget
    [N (2 C e + e^2) <= eps/2], the sup error is at most [eps]. *)
Corollary altabaa_thm21_eps : forall (X : Type) (K : X -> X -> R) (g psi : nat -> X -> R) N C e T1 eps,
  (forall x y, Rabs (K x y - rsum (fun i => g i x * g i y) N) <= T1) ->
  (forall i x, (i < N)%nat -> Rabs (g i x - psi i x) <= e) ->
  (forall i x, (i < N)%nat -> Rabs (g i x) <= C) ->
  T1 <= eps / 2 -> INR N * (2 * C * e + e ^ 2) <= eps / 2 ->
  forall x y, Rabs (K x y - rsum (fun i => psi i x * psi i y) N) <= eps.
Proof.
  intros X K g psi N C e T1 eps HT He HC H1 H2 x y.
  pose proof (altabaa_thm21_chain X K g psi N C e T1 HT He HC x y). lra.
Qed.

(** S7 on the certified route: [T2 = sup |K_N - <psi, psi>|] certified by branch and bound on the
    network instead of S5–S6; then the total error is at most [T1 + T2]. *)
Lemma altabaa_s7_split : forall (X : Type) (K KN P : X -> X -> R) T1 T2,
  (forall x y, Rabs (K x y - KN x y) <= T1) -> (forall x y, Rabs (KN x y - P x y) <= T2) ->
  forall x y, Rabs (K x y - P x y) <= T1 + T2.
Proof. intros X K KN P T1 T2 H1 H2 x y. apply (triangle_split_le _ (KN x y)); auto. Qed.

(** The largest componentwise error closing the budget exactly:
    [e = sqrt (C^2 + eps/(2N)) - C] gives [N (2 C e + e^2) = eps/2]. *)
Lemma altabaa_eps_nn_closes : forall N C eps e, 0 <= C -> 0 < N -> 0 <= eps ->
  e = sqrt (C ^ 2 + eps / (2 * N)) - C -> N * (2 * C * e + e ^ 2) = eps / 2.
Proof.
  intros N C eps e HC HN Heps He.
  assert (Hr : 0 <= C ^ 2 + eps / (2 * N)).
  { assert (0 <= eps / (2 * N)) by (unfold Rdiv; apply Rmult_le_pos; [lra | left; apply Rinv_0_lt_compat; lra]). nra. }
  assert (Hs : (e + C) ^ 2 = C ^ 2 + eps / (2 * N)).
  { rewrite He. replace (sqrt (C ^ 2 + eps / (2 * N)) - C + C) with (sqrt (C ^ 2 + eps / (2 * N))) by ring.
    rewrite <- Rsqr_pow2. apply Rsqr_sqrt, Hr. }
  assert (2 * C * e + e ^ 2 = eps / (2 * N)) by (simpl in *; nra).
  rewrite H. field. lra.
Qed.

(** The simpler sufficient choice [e <= min(C, eps / (6 N C))] also closes the budget. *)
Lemma altabaa_eps_nn_simple : forall N C eps e, 0 < C -> 0 < N -> 0 <= e -> e <= C ->
  e <= eps / (6 * N * C) -> N * (2 * C * e + e ^ 2) <= eps / 2.
Proof.
  intros N C eps e HC HN He0 HeC Heps.
  assert (H3 : 2 * C * e + e ^ 2 <= 3 * C * e) by (simpl; nra).
  assert (H6 : 6 * N * C * e <= eps).
  { apply (Rmult_le_compat_l (6 * N * C)) in Heps; [|nra].
    replace (6 * N * C * (eps / (6 * N * C))) with eps in Heps by (field; nra). lra. }
  nra.
Qed.

(** Corollary 2.1 construction (S2 for [d = 1]): linear interpolation of an [L]-Lipschitz [g]
    between knots [t0] and [t0 + h] is within [L h / 2] of [g]. *)
Lemma lipschitz_interpolation_error : forall (g : R -> R) L h t0 tau,
  0 <= L -> 0 <= h -> 0 <= tau <= 1 ->
  (forall x y, Rabs (g x - g y) <= L * Rabs (x - y)) ->
  Rabs (g (t0 + tau * h) - ((1 - tau) * g t0 + tau * g (t0 + h))) <= L * h / 2.
Proof.
  intros g L h t0 tau HL Hh Htau Hlip. set (x := t0 + tau * h).
  replace (g x - ((1 - tau) * g t0 + tau * g (t0 + h)))
    with ((1 - tau) * (g x - g t0) + tau * (g x - g (t0 + h))) by ring.
  assert (H0 : Rabs (g x - g t0) <= L * (tau * h)).
  { eapply Rle_trans; [apply Hlip|]. unfold x.
    replace (t0 + tau * h - t0) with (tau * h) by ring. rewrite Rabs_pos_eq by nra. lra. }
  assert (H1 : Rabs (g x - g (t0 + h)) <= L * ((1 - tau) * h)).
  { eapply Rle_trans; [apply Hlip|]. unfold x.
    replace (t0 + tau * h - (t0 + h)) with (- ((1 - tau) * h)) by ring.
    rewrite Rabs_Ropp, Rabs_pos_eq by nra. lra. }
  eapply Rle_trans; [apply Rabs_triang|]. rewrite !Rabs_mult.
  rewrite (Rabs_pos_eq (1 - tau)) by lra. rewrite (Rabs_pos_eq tau) by lra.
  assert (Ha : (1 - tau) * Rabs (g x - g t0) <= (1 - tau) * (L * (tau * h))) by (apply Rmult_le_compat_l; lra).
  assert (Hb : tau * Rabs (g x - g (t0 + h)) <= tau * (L * ((1 - tau) * h))) by (apply Rmult_le_compat_l; lra).
  assert (Hq : tau * (1 - tau) <= 1 / 4) by (pose proof (pow2_ge_0 (tau - 1 / 2)); nra).
  assert (L * h * (tau * (1 - tau)) <= L * h * (1 / 4)) by (apply Rmult_le_compat_l; nra).
  assert (Hsum : (1 - tau) * (L * (tau * h)) + tau * (L * ((1 - tau) * h))
                 = 2 * (L * h * (tau * (1 - tau)))) by ring.
  lra.
Qed.
