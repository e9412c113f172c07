(** * Kajitsuka & Sato 2024: the glue of the Theorem 2 chain and of the Proposition 1 assembly

    Spec: the project's checkable summary of the paper, §2.5-§2.6 (Lemma B and the
    contextual-mapping constants), §3 (K-5 .. K-10) and §6 (the L^p assembly). The numeric leaves
    (every separation, every Boltzmann difference, the assembled bound) are certified by
    [approxcert check]; these lemmas prove how they combine into the conclusions. The
    measure-theoretic facts of §6 (Minkowski's inequality, the split of the L^p integral over the
    good cells and the bad set) are hypotheses. *)
From Coq Require Import Reals Lra Lia.
Open Scope R_scope.

(** ** K-10 from K-7, K-8, K-9: the (r, delta)-contextual mapping

    Context ids [0 .. M-1], each with its token and token set (as numbers), the norm of its
    output column and the distance between two output columns. *)
Theorem kajitsuka_contextual_mapping :
  forall (M : nat) (token set : nat -> nat) (norm : nat -> R) (dist : nat -> nat -> R) (r eps dR delta : R),
  (forall i, (i < M)%nat -> norm i <= r) ->                                              (* K-7 *)
  (forall i j, (i < M)%nat -> (j < M)%nat -> token i <> token j -> eps / 2 <= dist i j) ->  (* K-8 *)
  (forall i j, (i < M)%nat -> (j < M)%nat -> token i = token j -> set i <> set j ->
     dR <= dist i j) ->                                                                  (* K-9 *)
  delta <= eps / 2 -> delta <= dR ->
  (forall i, (i < M)%nat -> norm i <= r) /\
  (forall i j, (i < M)%nat -> (j < M)%nat -> (token i <> token j \/ set i <> set j) -> delta <= dist i j).
Proof.
  intros M token set norm dist r eps dR delta H7 H8 H9 Heps HR. split; [exact H7|].
  intros i j Hi Hj Hdiff. destruct (Nat.eq_dec (token i) (token j)) as [Heq|Hne].
  - destruct Hdiff as [Ht|Hs]; [contradiction|]. specialize (H9 i j Hi Hj Heq Hs). lra.
  - specialize (H8 i j Hi Hj Hne). lra.
Qed.

(** ** K-5 implies K-6: Lemma B gives the paper's right-hand side of the corrected eq. (10)

    [kB Delta e^Delta e^-R <= |Delta boltz|] with the pair's range [R <= R* = 2 lambda r_max^2],
    and [(ln n)^2 < kB Delta e^Delta] (spec §2.6), give [(ln n)^2 e^-R* < |Delta boltz|]. *)
Theorem kajitsuka_lemma_B_to_eq10 : forall diff kB Delta R Rstar ln_n,
  kB * Delta * exp Delta * exp (- R) <= Rabs diff ->
  R <= Rstar ->
  ln_n ^ 2 < kB * Delta * exp Delta ->
  ln_n ^ 2 * exp (- Rstar) < Rabs diff.
Proof.
  intros diff kB Delta R Rstar ln_n HB HR Hc.
  assert (He : exp (- Rstar) <= exp (- R)).
  { destruct (Req_dec R Rstar) as [->|Hne]; [lra|]. left. apply exp_increasing. lra. }
  assert (Hpos : 0 < exp (- Rstar)) by apply exp_pos.
  assert (Hsq : 0 <= ln_n ^ 2) by (simpl; nra).
  apply Rlt_le_trans with (kB * Delta * exp Delta * exp (- Rstar)).
  - apply Rmult_lt_compat_r; [exact Hpos | exact Hc].
  - apply Rle_trans with (kB * Delta * exp Delta * exp (- R)); [|exact HB].
    apply Rmult_le_compat_l; [lra | exact He].
Qed.

(** ** K-9 from the Boltzmann difference: same token, different token sets

    [z(v;S) - z(v;S') = gamma (s - s') u] with [|u| = 1] and [s - s' = Delta boltz / (lambda a(v))];
    with [0 < |a(v)| <= r_max] and a lower bound [B] of [|Delta boltz|] the separation is at least
    [gamma B / (lambda r_max)] (spec §2.6; with Lemma B's [B] this is delta_R). [A = |a(v)|]. *)
Theorem kajitsuka_same_token_separation : forall gamma lambda A rmax B diff,
  0 < gamma -> 0 < lambda -> 0 < A -> A <= rmax -> 0 <= B -> B <= Rabs diff ->
  gamma * B / (lambda * rmax) <= gamma * Rabs diff / (lambda * A).
Proof.
  intros gamma lambda A rmax B diff Hg Hl Ha Har HB Hd.
  assert (H1 : 0 < lambda * A) by nra.
  assert (H2 : lambda * A <= lambda * rmax) by nra.
  unfold Rdiv. apply Rmult_le_compat.
  - nra.
  - left. apply Rinv_0_lt_compat. nra.
  - nra.
  - apply Rinv_le_contravar; lra.
Qed.

(** ** Proposition 1: the L^p assembly of spec §6

    [dfF = d_p(f, F)], [dfbar = d_p(f, bar f)] with [bar f = f o Q], [dbarF = d_p(bar f, F)] whose
    p-th power splits into the good cells ([Ig <= tau^p], K-12) and the bad set
    ([Ib <= mu S^p]: duplicate cells and ramps, with the extrapolation bound K-14). *)
Lemma pow_lt_strict : forall x y n, 0 <= y < x -> (0 < n)%nat -> y ^ n < x ^ n.
Proof.
  intros x y n H Hn. destruct n as [|n]; [lia|]. simpl.
  assert (y ^ n <= x ^ n) by (apply pow_incr; lra).
  assert (0 < x ^ n) by (apply pow_lt; lra).
  assert (0 <= y ^ n) by (apply pow_le; lra).
  nra.
Qed.

Lemma pow_le_inv : forall x y n, (0 < n)%nat -> 0 <= x -> 0 <= y -> x ^ n <= y ^ n -> x <= y.
Proof.
  intros x y n Hn Hx Hy H. destruct (Rle_lt_dec x y) as [|Hlt]; [assumption|].
  exfalso. assert (y ^ n < x ^ n) by (apply pow_lt_strict; [lra | lia]). lra.
Qed.

Theorem kajitsuka_prop1_assembly : forall (p : nat) (dfF dfbar dbarF omega Ig Ib tau mu S eps : R),
  (1 <= p)%nat ->
  dfF <= dfbar + dbarF ->                (* Minkowski *)
  dfbar <= omega ->                      (* step 1: the quantisation error, omega(delta_g / 2) *)
  0 <= dbarF -> dbarF ^ p = Ig + Ib ->   (* the L^p integral split over good cells and bad set *)
  Ig <= tau ^ p ->                       (* step 2: K-12 *)
  Ib <= mu * S ^ p ->                    (* steps 3-4: measure of the bad set times the sup bound *)
  0 < tau ^ p + mu * S ^ p ->
  omega + Rpower (tau ^ p + mu * S ^ p) (/ INR p) <= eps ->   (* K-16, certified numerically *)
  dfF <= eps.
Proof.
  intros p dfF dfbar dbarF omega Ig Ib tau mu S eps Hp Hmink H1 Hd Hsplit Hg Hb Hpos Hnum.
  set (X := tau ^ p + mu * S ^ p). set (T := Rpower X (/ INR p)).
  assert (HpR : 0 < INR p) by (apply lt_0_INR; lia).
  assert (HT : T ^ p = X).
  { unfold T. rewrite <- Rpower_pow by (unfold Rpower; apply exp_pos).
    rewrite Rpower_mult, Rinv_l by lra. apply Rpower_1. exact Hpos. }
  assert (HT0 : 0 <= T) by (left; unfold T, Rpower; apply exp_pos).
  assert (HdT : dbarF <= T) by (apply (pow_le_inv dbarF T p); [lia | exact Hd | exact HT0 | rewrite HT, Hsplit; unfold X; lra]).
  unfold T, X in *. lra.
Qed.
