(** * Wright & Gonzalez 2021: the glue of the chains (attention as a non-Mercer kernel machine)

    Spec: the project's wright2021 summary. The C++ chains certify numbers (sup-norms, quadratic
    forms, determinants); these lemmas turn them into the statements of the instances:
    - the UAT chain C1-C5 (W-C18): C1 and C3 combine by [Splits.sup_triangle_split]; C4 is the
      scale identity [wright_c4_logit]; C5 is the exponential level [wright_exp_level];
    - the truncation tail (W7): Taylor's theorem with the Lagrange remainder (Coquelicot);
    - Cauchy-Schwarz (W9) in its closed form;
    - the witnesses: a negative quadratic form or a negative 2x2 determinant rules out positive
      semidefiniteness; per-query rescaling leaves row-normalised weights unchanged (W13). *)
From Coq Require Import Reals Lra Lia.
From Coquelicot Require Import Coquelicot.
From Approxcert Require Import Sums Splits.
Open Scope R_scope.

(** ** C5: the exponential level *)

Lemma wright_exp_le : forall x y, x <= y -> exp x <= exp y.
Proof. intros x y H. destruct (Req_dec x y) as [E|E]; [subst; lra | left; apply exp_increasing; lra]. Qed.

(** [|e^x - e^y| <= e^s (e^|x - y| - 1)] whenever [x <= s]. *)
Lemma wright_exp_level : forall x y s, x <= s -> Rabs (exp x - exp y) <= exp s * (exp (Rabs (x - y)) - 1).
Proof.
  intros x y s Hxs.
  assert (Hes : exp x <= exp s) by (apply wright_exp_le; exact Hxs).
  pose proof (exp_pos x) as Hx.
  destruct (Rle_dec y x) as [Hyx | Hyx].
  - (* e^x - e^y = e^x (1 - e^{y-x}) <= e^x (e^{x-y} - 1), since a + 1/a >= 2 *)
    assert (exp y <= exp x) by (apply wright_exp_le; exact Hyx).
    rewrite (Rabs_right (exp x - exp y)) by lra. rewrite (Rabs_right (x - y)) by lra.
    assert (Hy : exp y = exp x * exp (y - x)) by (rewrite <- exp_plus; f_equal; ring).
    assert (Hinv : exp (x - y) * exp (y - x) = 1) by (rewrite <- exp_plus, <- exp_0; f_equal; ring).
    pose proof (exp_pos (y - x)). pose proof (exp_pos (x - y)).
    assert (1 <= exp (x - y)) by (rewrite <- exp_0; apply wright_exp_le; lra).
    assert (Hineq : 1 - exp (y - x) <= exp (x - y) - 1).
    { assert (0 <= (exp (y - x) - 1) ^ 2) by apply pow2_ge_0.
      apply (Rmult_le_reg_l (exp (y - x))); [lra|]. nra. }
    rewrite Hy. nra.
  - (* e^y - e^x = e^x (e^{y-x} - 1) *)
    assert (exp x < exp y) by (apply exp_increasing; lra).
    rewrite (Rabs_left1 (exp x - exp y)) by lra. rewrite (Rabs_left1 (x - y)) by lra.
    replace (- (x - y)) with (y - x) by ring.
    assert (Hy : exp y = exp x * exp (y - x)) by (rewrite <- exp_plus; f_equal; ring).
    assert (1 < exp (y - x)) by (rewrite <- exp_0; apply exp_increasing; lra).
    rewrite Hy. nra.
Qed.

(** The UAT chain C1 + C3 + C5 on any domain [P]: C1 [|F - F_L| <= e1], C3 [|F_L - M| <= e2]
    (combined by [Splits.sup_triangle_split]) and [F <= s] give [|e^F - e^M| <= e^s (e^{e1+e2} - 1)]. *)
Theorem wright_uat_chain : forall (T : Type) (P : T -> Prop) (F FL M : T -> R) (e1 e2 s : R),
  (forall t, P t -> Rabs (F t - FL t) <= e1) ->
  (forall t, P t -> Rabs (FL t - M t) <= e2) ->
  (forall t, P t -> F t <= s) ->
  forall t, P t -> Rabs (exp (F t) - exp (M t)) <= exp s * (exp (e1 + e2) - 1).
Proof.
  intros T P F FL M e1 e2 s H1 H3 Hs t Ht.
  pose (D := {u : T | P u}).
  assert (Hsplit := sup_triangle_split D (fun u => F (proj1_sig u)) (fun u => FL (proj1_sig u))
                      (fun u => M (proj1_sig u)) e1 e2 (fun u => H1 _ (proj2_sig u)) (fun u => H3 _ (proj2_sig u))
                      (exist _ t Ht)).
  simpl in Hsplit.
  apply (Rle_trans _ _ _ (wright_exp_level _ _ _ (Hs t Ht))).
  apply Rmult_le_compat_l; [left; apply exp_pos|].
  apply Rplus_le_compat_r.
  destruct (Req_dec (Rabs (F t - M t)) (e1 + e2)) as [E | E]; [rewrite E; lra|].
  left; apply exp_increasing; lra.
Qed.

(** C4: with [d = L] features scaled by [d^{1/4}], the logit [<phi_Q, phi_K> / sqrt d] is the
    model [sum_l ahat_l bhat_l] exactly. *)
Lemma wright_c4_logit : forall (L : nat) (ah bh : nat -> R), (0 < L)%nat ->
  rsum (fun l => (Rpower (INR L) (/ 4) * ah l) * (Rpower (INR L) (/ 4) * bh l)) L / sqrt (INR L)
  = rsum (fun l => ah l * bh l) L.
Proof.
  intros L ah bh HL.
  assert (HL' : 0 < INR L) by (apply lt_0_INR; exact HL).
  assert (Hq : Rpower (INR L) (/ 4) * Rpower (INR L) (/ 4) = sqrt (INR L)).
  { rewrite <- Rpower_plus, <- Rpower_sqrt by exact HL'. f_equal. field. }
  assert (Hs : 0 < sqrt (INR L)) by (apply sqrt_lt_R0; exact HL').
  rewrite (rsum_ext _ (fun l => sqrt (INR L) * (ah l * bh l))) by (intros; rewrite <- Hq; ring).
  rewrite rsum_scal_l. field. lra.
Qed.

(** ** (W7): the truncation tail, by Taylor's theorem with the Lagrange remainder *)

Lemma wright_derive_n_exp : forall k t, Derive_n exp k t = exp t.
Proof.
  induction k as [|k IH]; intros t; [reflexivity|].
  simpl. rewrite (Derive_ext _ exp _ IH).
  apply is_derive_unique. apply is_derive_Reals, derivable_pt_lim_exp.
Qed.

Lemma wright_ex_derive_n_exp : forall k t, ex_derive_n exp k t.
Proof.
  intros [|k] t; [exact I|]. simpl.
  apply (ex_derive_ext exp); [intros; symmetry; apply wright_derive_n_exp|].
  eexists. apply is_derive_Reals, derivable_pt_lim_exp.
Qed.

Lemma wright_locally_ex_derive_n_exp : forall x n, locally x (fun y => forall k, (k <= n)%nat -> ex_derive_n exp k y).
Proof. intros x n. apply filter_forall. intros; apply wright_ex_derive_n_exp. Qed.

(** The partial sum of [e^z] up to degree [N]. *)
Definition wright_taylor_exp (z : R) (N : nat) : R := sum_f_R0 (fun n => z ^ n / INR (fact n)) N.

(** (W7): [|e^z - sum_{n<=N} z^n/n!| <= |z|^{N+1}/(N+1)! e^{|z|}], for every real [z] and [N]. *)
Theorem wright_exp_tail : forall z N,
  Rabs (exp z - wright_taylor_exp z N) <= Rabs z ^ (S N) / INR (fact (S N)) * exp (Rabs z).
Proof.
  intros z N.
  assert (Hf : 0 < INR (fact (S N))) by apply INR_fact_lt_0.
  destruct (Rtotal_order z 0) as [Hz | [Hz | Hz]].
  - (* z < 0: expand g(u) = e^{-u} at 0 up to u = -z *)
    pose (g := fun u => exp (- u)).
    assert (Dg : forall t, 0 <= t <= - z -> forall k, (k <= S N)%nat -> ex_derive_n g k t).
    { intros t _ k _. apply (ex_derive_n_comp_opp exp k t). apply wright_locally_ex_derive_n_exp. }
    destruct (Taylor_Lagrange g N 0 (- z) ltac:(lra) Dg) as (zeta & Hzeta & Heq).
    unfold g in Heq. rewrite Ropp_involutive in Heq.
    rewrite (Derive_n_comp_opp exp (S N) zeta (wright_locally_ex_derive_n_exp _ _)), wright_derive_n_exp in Heq.
    assert (Hsum : sum_f_R0 (fun m => (- z - 0) ^ m / INR (fact m) * Derive_n (fun x => exp (- x)) m 0) N
                   = wright_taylor_exp z N).
    { unfold wright_taylor_exp. apply sum_eq. intros m _.
      rewrite (Derive_n_comp_opp exp m 0 (wright_locally_ex_derive_n_exp _ _)), wright_derive_n_exp, Ropp_0, exp_0.
      replace (- z - 0) with ((-1) * z) by ring. rewrite Rpow_mult_distr.
      assert (Hm1 : (-1) ^ m * (-1) ^ m = 1)
        by (rewrite <- Rpow_mult_distr; replace (-1 * -1) with 1 by ring; apply pow1).
      assert (INR (fact m) <> 0) by apply not_0_INR, fact_neq_0.
      transitivity ((-1) ^ m * (-1) ^ m * (z ^ m / INR (fact m))); [field; exact H | rewrite Hm1; field; exact H]. }
    rewrite Hsum in Heq. rewrite Heq. replace (- z - 0) with (- z) by ring.
    replace (wright_taylor_exp z N + (- z) ^ S N / INR (fact (S N)) * ((-1) ^ S N * exp (- zeta))
             - wright_taylor_exp z N)
      with ((- z) ^ S N * (-1) ^ S N * exp (- zeta) / INR (fact (S N))) by (field; apply not_0_INR, fact_neq_0).
    rewrite <- Rpow_mult_distr. replace (- z * -1) with z by ring.
    assert (He : exp (- zeta) <= exp (- z)) by (left; apply exp_increasing; lra).
    assert (Hi : 0 < / INR (fact (S N))) by (apply Rinv_0_lt_compat; lra).
    unfold Rdiv. rewrite !Rabs_mult, Rabs_inv, <- RPow_abs.
    rewrite (Rabs_right (exp _)) by (left; apply exp_pos). rewrite (Rabs_right (INR _)) by lra.
    replace (Rabs z ^ S N * / INR (fact (S N)) * exp (Rabs z))
      with (Rabs z ^ S N * exp (Rabs z) * / INR (fact (S N))) by ring.
    apply Rmult_le_compat_r; [lra|]. apply Rmult_le_compat_l; [apply pow_le, Rabs_pos|].
    rewrite (Rabs_left z) by lra. exact He.
  - subst. unfold wright_taylor_exp.
    assert (H0 : sum_f_R0 (fun n => 0 ^ n / INR (fact n)) N = 1).
    { clear Hf. induction N as [|N IH]; [simpl; field|].
      rewrite tech5, IH, pow_i by lia. unfold Rdiv. rewrite Rmult_0_l. ring. }
    rewrite H0, exp_0, Rabs_R0. replace (1 - 1) with 0 by ring. rewrite Rabs_R0.
    simpl. rewrite Rmult_0_l. unfold Rdiv. rewrite !Rmult_0_l. lra.
  - (* z > 0: expand e^u at 0 up to u = z *)
    assert (Df : forall t, 0 <= t <= z -> forall k, (k <= S N)%nat -> ex_derive_n exp k t)
      by (intros; apply wright_ex_derive_n_exp).
    destruct (Taylor_Lagrange exp N 0 z Hz Df) as (zeta & Hzeta & Heq).
    rewrite wright_derive_n_exp in Heq.
    assert (Hsum : sum_f_R0 (fun m => (z - 0) ^ m / INR (fact m) * Derive_n exp m 0) N = wright_taylor_exp z N).
    { unfold wright_taylor_exp. apply sum_eq. intros m _. rewrite wright_derive_n_exp, exp_0.
      replace (z - 0) with z by ring. ring. }
    rewrite Hsum in Heq. rewrite Heq. replace (z - 0) with z by ring.
    replace (wright_taylor_exp z N + z ^ S N / INR (fact (S N)) * exp zeta - wright_taylor_exp z N)
      with (z ^ S N / INR (fact (S N)) * exp zeta) by ring.
    rewrite (Rabs_right z) by lra.
    assert (exp zeta <= exp z) by (left; apply exp_increasing; lra).
    assert (0 <= z ^ S N / INR (fact (S N))) by (apply Rmult_le_pos; [apply pow_le; lra | left; apply Rinv_0_lt_compat; lra]).
    rewrite Rabs_right by (apply Rle_ge, Rmult_le_pos; [lra | left; apply exp_pos]).
    apply Rmult_le_compat_l; lra.
Qed.

(** ** (W9): Cauchy-Schwarz in closed form *)

(** [exp(<q, k>/sqrt d) <= exp((|q|^2 + |k|^2)/(2 sqrt d))] for vectors of length [d > 0]. *)
Theorem wright_cauchy_schwarz : forall (d : nat) (q k : nat -> R), (0 < d)%nat ->
  exp (rsum (fun i => q i * k i) d / sqrt (INR d))
  <= exp ((rsum (fun i => q i * q i) d + rsum (fun i => k i * k i) d) / (2 * sqrt (INR d))).
Proof.
  intros d q k Hd.
  assert (Hs : 0 < sqrt (INR d)) by (apply sqrt_lt_R0, lt_0_INR; exact Hd).
  assert (H2 : 2 * rsum (fun i => q i * k i) d <= rsum (fun i => q i * q i) d + rsum (fun i => k i * k i) d).
  { rewrite <- rsum_scal_l, <- rsum_plus. apply rsum_le. intros i _.
    assert (0 <= (q i - k i) * (q i - k i)) by apply Rle_0_sqr. lra. }
  assert (Hle : rsum (fun i => q i * k i) d / sqrt (INR d)
                <= (rsum (fun i => q i * q i) d + rsum (fun i => k i * k i) d) / (2 * sqrt (INR d))).
  { unfold Rdiv. rewrite Rinv_mult.
    apply (Rmult_le_reg_r (2 * sqrt (INR d))); [lra|].
    field_simplify; [lra | lra | lra]. }
  destruct Hle as [Hlt | Heq]; [left; apply exp_increasing; exact Hlt | rewrite Heq; lra].
Qed.

(** ** Witnesses of (in)definiteness *)

(** The quadratic form [c^T K c] of an [n x n] matrix. *)
Definition wright_qform (n : nat) (K : nat -> nat -> R) (c : nat -> R) : R :=
  rsum (fun i => rsum (fun j => c i * K i j * c j) n) n.

(** One vector with [c^T K c < 0] rules out positive semidefiniteness. *)
Lemma wright_not_psd_of_witness : forall n K c, wright_qform n K c < 0 -> ~ (forall x, 0 <= wright_qform n K x).
Proof. intros n K c Hc Hall. specialize (Hall c). lra. Qed.

(** A symmetric 2x2 matrix [[a, b], [b, e]] with [a e - b^2 < 0] is not positive semidefinite. *)
Lemma wright_not_psd_of_det2 : forall a b e, a * e - b * b < 0 ->
  ~ (forall x y, 0 <= a * x * x + 2 * b * x * y + e * y * y).
Proof.
  intros a b e Hdet Hall.
  assert (Ha : 0 <= a) by (specialize (Hall 1 0); lra).
  destruct (Req_dec a 0) as [Ha0 | Ha0].
  - subst a. assert (Hb : b <> 0) by (intro; subst; lra).
    specialize (Hall (- (e + 1) / (2 * b)) 1).
    replace (0 * (- (e + 1) / (2 * b)) * (- (e + 1) / (2 * b)) + 2 * b * (- (e + 1) / (2 * b)) * 1 + e * 1 * 1)
      with (-1) in Hall by (field; exact Hb). lra.
  - specialize (Hall (- b) a).
    assert (Hp : 0 < a) by lra.
    assert (0 < a * (b * b - a * e)) by (apply Rmult_lt_0_compat; lra).
    nra.
Qed.

(** The 2x2 quadratic form as [wright_qform]. *)
Lemma wright_qform2 : forall K x y,
  wright_qform 2 K (fun i => match i with O => x | _ => y end)
  = K 0%nat 0%nat * x * x + (K 0%nat 1%nat + K 1%nat 0%nat) * x * y + K 1%nat 1%nat * y * y.
Proof. intros. unfold wright_qform. simpl. ring. Qed.

(** The same for any 2x2 matrix [K] through its symmetric part: a negative determinant of
    [(K + K^T)/2] means [x^T K x < 0] for some [x]. *)
Lemma wright_not_psd_of_det2_qform : forall K,
  K 0%nat 0%nat * K 1%nat 1%nat - ((K 0%nat 1%nat + K 1%nat 0%nat) / 2) * ((K 0%nat 1%nat + K 1%nat 0%nat) / 2) < 0 ->
  ~ (forall x, 0 <= wright_qform 2 K x).
Proof.
  intros K Hdet Hall. apply (wright_not_psd_of_det2 _ _ _ Hdet). intros x y.
  specialize (Hall (fun i => match i with O => x | _ => y end)). rewrite wright_qform2 in Hall. lra.
Qed.

(** ** (W13): per-query rescaling leaves the row-normalised weights unchanged *)

Lemma wright_rescaling_invariance : forall (n : nat) (w : nat -> R) (c : R) j,
  0 < c -> rsum w n <> 0 -> c * w j / rsum (fun k => c * w k) n = w j / rsum w n.
Proof. intros n w c j Hc Hw. rewrite rsum_scal_l. field. split; lra. Qed.

(** Row sums of an exponential kernel are positive, so normalisation never divides by zero. *)
Lemma wright_exp_row_sum_pos : forall (n : nat) (s : nat -> R), (0 < n)%nat -> 0 < rsum (fun k => exp (s k)) n.
Proof.
  intros n s Hn. destruct n as [|n]; [lia|]. simpl.
  pose proof (rsum_nonneg (fun k => exp (s k)) n (fun k _ => Rlt_le _ _ (exp_pos (s k)))).
  pose proof (exp_pos (s n)). lra.
Qed.
