(** * Yun et al. 2020: the volume-fraction sums Y-13, Y-19, Y-20 and the final assembly

    Spec: shared/theorems/yun2020.md §3 (Y-13, Y-19, Y-20) and §6 (end-to-end assembly).
    Notation: [N = delta^(-d)] distinct column values, [n] columns, so the grid has [N^n] cells
    of volume [delta^(dn) = 1 / N^n]; [p] is the (integer) exponent of the L^p distance.
    The measure-theoretic facts (an integral over a union of cells is the sum of the cell
    integrals, the union bound for volumes, Minkowski's inequality) are hypotheses here; the
    lemmas prove the arithmetic that combines the certified per-region numbers. *)
From Coq Require Import Reals Lra Lia.
From Approxcert Require Import Sums.
Open Scope R_scope.

(** ** Y-13: the duplicate-cell error *)

(** The number of column tuples with pairwise distinct columns, [N (N-1) ... (N-n+1)]. *)
Definition falling (N n : nat) : R := rprod (fun k => INR N - INR k) n.

(** It is the spec's [N! / (N-n)!]. *)
Lemma falling_fact : forall N n, (n <= N)%nat -> INR (fact N) = falling N n * INR (fact (N - n)).
Proof.
  intros N n; induction n as [|n IH]; intros Hn; unfold falling in *; simpl rprod.
  - rewrite Nat.sub_0_r. ring.
  - rewrite IH by lia.
    replace (N - n)%nat with (S (N - S n)) at 1 by lia. rewrite fact_simpl, mult_INR.
    replace (INR (S (N - S n))) with (INR N - INR n) by (rewrite S_INR, minus_INR by lia; rewrite S_INR; ring).
    ring.
Qed.

(** The fraction of cells whose columns are pairwise distinct: [falling N n / N^n]. *)
Lemma falling_fraction : forall N n, (0 < N)%nat ->
  falling N n / INR N ^ n = rprod (fun k => 1 - INR k / INR N) n.
Proof.
  intros N n HN. assert (HNr : 0 < INR N) by (apply lt_0_INR; exact HN).
  induction n as [|n IH]; unfold falling in *; simpl; [field|].
  rewrite <- IH. field. split; [lra|]. apply pow_nonzero; lra.
Qed.

(** The union bound on the duplicate fraction:
    [1 - N!/((N-n)! N^n) <= n (n-1) / 2 * delta^d], written with [1/N = delta^d]. *)
Theorem yun_y13_union_bound : forall N n, (0 < N)%nat -> (n <= S N)%nat ->
  1 - falling N n / INR N ^ n <= INR n * (INR n - 1) / 2 / INR N.
Proof.
  intros N n HN Hn. assert (HNr : 0 < INR N) by (apply lt_0_INR; exact HN).
  rewrite falling_fraction by exact HN.
  assert (Hsum : rsum (fun k => INR k / INR N) n = INR n * (INR n - 1) / 2 / INR N).
  { rewrite (rsum_ext _ (fun k => / INR N * INR k)) by (intros; unfold Rdiv; ring).
    rewrite rsum_scal_l, rsum_index. field. lra. }
  rewrite <- Hsum.
  cut (1 - rsum (fun k => INR k / INR N) n <= rprod (fun k => 1 - INR k / INR N) n); [lra|].
  apply weierstrass_product_inequality. intros k Hk. split.
  - apply Rmult_le_pos; [apply pos_INR | left; apply Rinv_0_lt_compat; exact HNr].
  - apply (Rmult_le_reg_r (INR N)); [exact HNr|]. unfold Rdiv. rewrite Rmult_assoc, Rinv_l by lra.
    rewrite Rmult_1_r, Rmult_1_l. apply le_INR. lia.
Qed.

(** The duplicate-cell sum, bounded by the number of duplicate cells times the cell volume
    times the largest per-cell error: cells are indexed [0 .. G-1], [dup L] says whether cell
    [L] has a repeated column, [F L] is [||f(L)||_p^p]. *)
Lemma yun_y13_duplicate_sum : forall (dup : nat -> bool) (F : nat -> R) G w Fmax, 0 <= w ->
  (forall L, (L < G)%nat -> dup L = true -> 0 <= F L <= Fmax) ->
  rsum (fun L => if dup L then w * F L else 0) G
    <= rsum (fun L => if dup L then 1 else 0) G * w * Fmax.
Proof.
  intros dup F G w Fmax Hw HF.
  rewrite Rmult_assoc, Rmult_comm, <- rsum_scal_l. apply rsum_le; intros L HL.
  destruct (dup L) eqn:E; [|lra]. destruct (HF L HL E).
  replace (w * Fmax * 1) with (w * Fmax) by ring. apply Rmult_le_compat_l; lra.
Qed.

(** Y-13: [d_p(fbar, gbar)^p = sum over duplicate cells of delta^(dn) ||f(L)||_p^p] is at most
    the exact duplicate fraction times [max ||f(L)||_p^p], which is at most
    [n (n-1) / 2 * delta^d * max ||f(L)||_p^p]. The count of duplicate cells,
    [N^n - falling N n], is a hypothesis (approxcert checks it by exhaustive enumeration). *)
Theorem yun_y13_duplicate_error : forall (dup : nat -> bool) (F : nat -> R) N n Fmax,
  (0 < N)%nat -> (n <= S N)%nat -> 0 <= Fmax ->
  (forall L, (L < N ^ n)%nat -> dup L = true -> 0 <= F L <= Fmax) ->
  rsum (fun L => if dup L then 1 else 0) (N ^ n) = INR N ^ n - falling N n ->
  rsum (fun L => if dup L then / INR N ^ n * F L else 0) (N ^ n)
    <= (1 - falling N n / INR N ^ n) * Fmax
    /\ (1 - falling N n / INR N ^ n) * Fmax <= INR n * (INR n - 1) / 2 / INR N * Fmax.
Proof.
  intros dup F N n Fmax HN Hn HF0 HF Hcount.
  assert (HNr : 0 < INR N) by (apply lt_0_INR; exact HN).
  assert (HNn : 0 < INR N ^ n) by (apply pow_lt; exact HNr).
  split.
  - eapply Rle_trans; [apply yun_y13_duplicate_sum; [left; apply Rinv_0_lt_compat; exact HNn | exact HF]|].
    rewrite Hcount. right. field. lra.
  - apply Rmult_le_compat_r; [exact HF0|]. apply yun_y13_union_bound; assumption.
Qed.

(** ** Y-19: the volume of the ramp set *)

(** [M = d n] entries; the ramp set [Omega_B] is covered by the [M] slabs "entry [e] lies in
    [Omega_1]" (union bound); slab [e] has volume [|Omega_1 ∩ [-a, 1+a]| * side^(M-1)] with
    [side = 1 + 2a]; [Omega_1] is a union of [K = delta^(-1) + 1] intervals of length [eta]. *)
Theorem yun_y19_ramp_volume : forall (slab : nat -> R) M K eta side len1 vol_omega,
  0 <= side ->
  vol_omega <= rsum slab M ->
  (forall e, (e < M)%nat -> slab e <= len1 * side ^ (M - 1)) ->
  len1 <= INR K * eta ->
  vol_omega <= INR M * INR K * eta * side ^ (M - 1).
Proof.
  intros slab M K eta side len1 vol_omega Hside Hunion Hslab Hlen.
  eapply Rle_trans; [exact Hunion|]. eapply Rle_trans; [apply rsum_le_const; exact Hslab|].
  rewrite !Rmult_assoc. apply Rmult_le_compat_l; [apply pos_INR|].
  rewrite <- Rmult_assoc. apply Rmult_le_compat_r; [apply pow_le; exact Hside | exact Hlen].
Qed.

(** ** Y-20: the Step-3 error on the box B *)

Lemma pow_le_mono : forall x y p, 0 <= x <= y -> x ^ p <= y ^ p.
Proof. intros; apply pow_incr; assumption. Qed.

(** The L^p error on [B], split into grid cells (outside the ramps; the network is constant
    there with error [e L <= egrid]), the out-of-range part (volume [Vout], error [<= Gout]) and
    the ramp set (volume [Vomega], error [<= S]). The cells tile [[0,1)^(dn)]: [G * w = 1]. *)
Theorem yun_y20_bound : forall (e : nat -> R) G w egrid Vout Gout Vomega S Dp p,
  0 <= w -> INR G * w = 1 ->
  (forall L, (L < G)%nat -> 0 <= e L <= egrid) ->
  Dp <= rsum (fun L => w * e L ^ p) G + Vout * Gout ^ p + Vomega * S ^ p ->
  Dp <= egrid ^ p + Vout * Gout ^ p + Vomega * S ^ p.
Proof.
  intros e G w egrid Vout Gout Vomega S Dp p Hw HG He HD.
  assert (rsum (fun L => w * e L ^ p) G <= egrid ^ p).
  { eapply Rle_trans; [apply (rsum_le_const _ G (w * egrid ^ p))|].
    - intros L HL. apply Rmult_le_compat_l; [exact Hw|]. apply pow_le_mono, He, HL.
    - rewrite <- Rmult_assoc, HG. lra. }
  lra.
Qed.

(** ** Final assembly (spec §6, step 5) *)

Lemma pow_lt_mono : forall x y p, 0 <= x < y -> (0 < p)%nat -> x ^ p < y ^ p.
Proof.
  intros x y p Hxy Hp. induction p as [|p IH]; [lia|]. destruct p as [|p]; [simpl; lra|].
  assert (H : x ^ S p < y ^ S p) by (apply IH; lia).
  change (x * x ^ S p < y * y ^ S p).
  assert (0 <= x ^ S p) by (apply pow_le; lra).
  apply Rle_lt_trans with (x * y ^ S p); [apply Rmult_le_compat_l; lra|].
  apply Rmult_lt_compat_r; [|lra]. apply pow_lt; lra.
Qed.

(** An upper bound on the p-th power gives an upper bound on the number. *)
Lemma pow_le_inv : forall x y p, 0 <= x -> 0 <= y -> (0 < p)%nat -> x ^ p <= y ^ p -> x <= y.
Proof.
  intros x y p Hx Hy Hp H. destruct (Rle_lt_dec x y) as [|Hlt]; [assumption|].
  pose proof (pow_lt_mono y x p ltac:(lra) Hp). lra.
Qed.

(** [d_p(f, g) <= d_p(f, fbar) + d_p(fbar, g)] (Minkowski) with [d_p(f, fbar) <= omega] (Y-14)
    and [d_p(fbar, g)^p <= T <= R^p] (Y-20) gives [d_p(f, g) <= omega + R <= eps]. *)
Theorem yun_final_assembly : forall dfg dffbar dfbarg omega T Rt eps p,
  (0 < p)%nat -> dfg <= dffbar + dfbarg -> dffbar <= omega -> 0 <= dfbarg ->
  dfbarg ^ p <= T -> T <= Rt ^ p -> 0 <= Rt -> omega + Rt <= eps ->
  dfg <= eps.
Proof.
  intros dfg dffbar dfbarg omega T Rt eps p Hp Hmink Hom Hd HT HR HRt Heps.
  assert (dfbarg <= Rt) by (apply (pow_le_inv _ _ p); auto; lra). lra.
Qed.
