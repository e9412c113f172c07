(** * Finite sums and products over the reals

    [rsum f n] is [f 0 + ... + f (n-1)] and [rprod f n] is [f 0 * ... * f (n-1)]: the index
    ranges over [0 .. n-1], like a C++ loop [for (i = 0; i < n; ++i)]. The chain lemmas state
    their finite sums (kernel ranks, softmax denominators, grid cells) with these. *)
From Coq Require Import Reals Lra Lia.
Open Scope R_scope.

Fixpoint rsum (f : nat -> R) (n : nat) : R :=
  match n with O => 0 | S k => rsum f k + f k end.

Fixpoint rprod (f : nat -> R) (n : nat) : R :=
  match n with O => 1 | S k => rprod f k * f k end.

(** The sum over [0 .. n-1] without the term of index [i]. *)
Definition rsum_except (f : nat -> R) (n i : nat) : R :=
  rsum (fun j => if Nat.eqb j i then 0 else f j) n.

Lemma rsum_ext : forall f g n, (forall i, (i < n)%nat -> f i = g i) -> rsum f n = rsum g n.
Proof.
  intros f g n H; induction n as [|n IH]; simpl; [reflexivity|].
  rewrite IH by (intros; apply H; lia). rewrite (H n) by lia. reflexivity.
Qed.

Lemma rsum_le : forall f g n, (forall i, (i < n)%nat -> f i <= g i) -> rsum f n <= rsum g n.
Proof.
  intros f g n H; induction n as [|n IH]; simpl; [lra|].
  assert (rsum f n <= rsum g n) by (apply IH; intros; apply H; lia).
  assert (f n <= g n) by (apply H; lia). lra.
Qed.

Lemma rsum_nonneg : forall f n, (forall i, (i < n)%nat -> 0 <= f i) -> 0 <= rsum f n.
Proof.
  intros f n H. replace 0 with (rsum (fun _ => 0) n).
  - apply rsum_le; assumption.
  - induction n as [|n IH]; simpl; [reflexivity|]. rewrite IH by (intros; apply H; lia). lra.
Qed.

Lemma rsum_const : forall c n, rsum (fun _ => c) n = INR n * c.
Proof.
  intros c n; induction n as [|n IH]; simpl rsum; [simpl; lra|].
  rewrite IH, S_INR. lra.
Qed.

Lemma rsum_plus : forall f g n, rsum (fun i => f i + g i) n = rsum f n + rsum g n.
Proof. intros f g n; induction n as [|n IH]; simpl; lra. Qed.

Lemma rsum_minus : forall f g n, rsum (fun i => f i - g i) n = rsum f n - rsum g n.
Proof. intros f g n; induction n as [|n IH]; simpl; lra. Qed.

Lemma rsum_scal_l : forall c f n, rsum (fun i => c * f i) n = c * rsum f n.
Proof. intros c f n; induction n as [|n IH]; simpl; lra. Qed.

Lemma rsum_abs : forall f n, Rabs (rsum f n) <= rsum (fun i => Rabs (f i)) n.
Proof.
  intros f n; induction n as [|n IH]; simpl.
  - rewrite Rabs_R0; lra.
  - eapply Rle_trans; [apply Rabs_triang|]. lra.
Qed.

(** A bound on every term bounds the sum by [n] times the bound. *)
Lemma rsum_le_const : forall f n b, (forall i, (i < n)%nat -> f i <= b) -> rsum f n <= INR n * b.
Proof. intros f n b H. rewrite <- rsum_const. apply rsum_le. exact H. Qed.

(** Splitting off the term of index [i]. *)
Lemma rsum_split : forall f n i, (i < n)%nat -> rsum f n = f i + rsum_except f n i.
Proof.
  intros f n i Hi; unfold rsum_except; induction n as [|n IH]; [lia|]. simpl rsum.
  destruct (Nat.eq_dec i n) as [->|Hne].
  - rewrite Nat.eqb_refl.
    rewrite (rsum_ext (fun j => if Nat.eqb j n then 0 else f j) f n).
    + lra.
    + intros j Hj. destruct (Nat.eqb_spec j n); [lia|reflexivity].
  - rewrite IH by lia. destruct (Nat.eqb_spec n i); [lia|]. lra.
Qed.

Lemma rsum_except_le : forall f g n i,
  (forall j, (j < n)%nat -> j <> i -> f j <= g j) -> rsum_except f n i <= rsum_except g n i.
Proof.
  intros f g n i H; unfold rsum_except; apply rsum_le; intros j Hj.
  destruct (Nat.eqb_spec j i); [lra|]. apply H; assumption.
Qed.

Lemma rsum_except_nonneg : forall f n i,
  (forall j, (j < n)%nat -> j <> i -> 0 <= f j) -> 0 <= rsum_except f n i.
Proof.
  intros f n i H; unfold rsum_except; apply rsum_nonneg; intros j Hj.
  destruct (Nat.eqb_spec j i); [lra|]. apply H; assumption.
Qed.

(** [n - 1] terms bounded by [b]. *)
Lemma rsum_except_le_const : forall f n i b, (i < n)%nat ->
  (forall j, (j < n)%nat -> j <> i -> f j <= b) -> rsum_except f n i <= (INR n - 1) * b.
Proof.
  intros f n i b Hi H.
  assert (Hc : rsum_except (fun _ => b) n i = (INR n - 1) * b).
  { pose proof (rsum_split (fun _ => b) n i Hi) as Hs. rewrite rsum_const in Hs. lra. }
  rewrite <- Hc. apply rsum_except_le. exact H.
Qed.

Lemma rsum_except_abs : forall f n i,
  Rabs (rsum_except f n i) <= rsum_except (fun j => Rabs (f j)) n i.
Proof.
  intros f n i; unfold rsum_except. eapply Rle_trans; [apply rsum_abs|].
  apply rsum_le; intros j _. destruct (Nat.eqb j i); [rewrite Rabs_R0|]; lra.
Qed.

(** [0 + 1 + ... + (n-1) = n (n-1) / 2]. *)
Lemma rsum_index : forall n, rsum INR n = INR n * (INR n - 1) / 2.
Proof.
  intros n; induction n as [|n IH]; simpl rsum; [simpl; lra|].
  rewrite IH, S_INR. lra.
Qed.

Lemma rprod_nonneg : forall f n, (forall i, (i < n)%nat -> 0 <= f i) -> 0 <= rprod f n.
Proof.
  intros f n H; induction n as [|n IH]; simpl; [lra|].
  apply Rmult_le_pos; [apply IH; intros; apply H; lia | apply H; lia].
Qed.

(** Weierstrass product inequality: [prod (1 - a_k) >= 1 - sum a_k] when every [a_k] is in [0,1].
    This is the union bound behind "the fraction of grid cells with a repeated column is at most
    the sum of the pairwise collision fractions". *)
Lemma weierstrass_product_inequality : forall a n,
  (forall k, (k < n)%nat -> 0 <= a k <= 1) -> 1 - rsum a n <= rprod (fun k => 1 - a k) n.
Proof.
  intros a n H; induction n as [|n IH]; simpl; [lra|].
  assert (IH' : 1 - rsum a n <= rprod (fun k => 1 - a k) n) by (apply IH; intros; apply H; lia).
  assert (Hs : 0 <= rsum a n) by (apply rsum_nonneg; intros; apply H; lia).
  destruct (H n ltac:(lia)) as [Ha0 Ha1].
  assert (Hm : (1 - rsum a n) * (1 - a n) <= rprod (fun k => 1 - a k) n * (1 - a n))
    by (apply Rmult_le_compat_r; lra).
  assert (0 <= rsum a n * a n) by (apply Rmult_le_pos; lra).
  nra.
Qed.
