(** * Kajitsuka & Sato 2024: the glue of the Theorem 2 chain and of the Proposition 1 assembly

    Spec: the project's checkable summary of the paper, §2.5-§2.6 (Lemma B and the
    contextual-mapping constants), §3 (K-5 .. K-10) and §6 (the L^p assembly). The numeric leaves
    (every separation, every Boltzmann difference, the assembled bound) are certified by
    [approxcert check]; these lemmas prove how they combine into the conclusions. The
    measure-theoretic facts of §6 (Minkowski's inequality, the split of the L^p integral over the
    good cells and the bad set) are hypotheses. *)
From Coq Require Import Reals Lra Lia List FunctionalExtensionality.
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

(** ** Theorem 1: one-layer Transformers with hardmax attention cannot fit the witness (spec §2.7)

    Tokens on a line, [x_k e], four positions, the query at position 0 (token 1). For a fixed query
    a head's score of key [k] is affine in the key token, [a x_k + b] (with [a = e^T W_K^T (W_Q e + b_Q)]
    and [b] the bias term: any weights and biases), and each output coordinate [j] of its value
    [W_O (W_V x_k e + b_V)] is affine too, [c_j x_k + d_j]. These two modelling facts are linear
    algebra, stated here, not proved. Hardmax returns the value at the top score: the average over
    all top positions ([hardmax_split]), the first ([hardmax_first]) or the last ([hardmax_last]). *)
Definition witness_1 (k : nat) : R := match k with 0 => 1 | 1 => 2 | 2 => 5 | _ => 6 end.
Definition witness_2 (k : nat) : R := match k with 0 => 1 | 1 => 3 | 2 => 4 | _ => 6 end.

Definition top_score (s : nat -> R) : R := Rmax (Rmax (s 0%nat) (s 1%nat)) (Rmax (s 2%nat) (s 3%nat)).
Definition on_top (s : nat -> R) (k : nat) : bool := if Req_EM_T (s k) (top_score s) then true else false.
Definition top_weight (s : nat -> R) (k : nat) : R := if on_top s k then 1 else 0.

Definition hardmax_split (s v : nat -> R) : R :=
  (top_weight s 0 * v 0%nat + top_weight s 1 * v 1%nat + top_weight s 2 * v 2%nat + top_weight s 3 * v 3%nat) /
  (top_weight s 0 + top_weight s 1 + top_weight s 2 + top_weight s 3).
Definition hardmax_first (s v : nat -> R) : R :=
  if on_top s 0 then v 0%nat else if on_top s 1 then v 1%nat else if on_top s 2 then v 2%nat else v 3%nat.
Definition hardmax_last (s v : nat -> R) : R :=
  if on_top s 3 then v 3%nat else if on_top s 2 then v 2%nat else if on_top s 1 then v 1%nat else v 0%nat.

Definition affine_of (a b : R) (x : nat -> R) (k : nat) : R := a * x k + b.

Lemma max4_eq : forall v0 v1 v2 v3 m, v0 <= m -> v1 <= m -> v2 <= m -> v3 <= m ->
  (v0 = m \/ v1 = m \/ v2 = m \/ v3 = m) -> Rmax (Rmax v0 v1) (Rmax v2 v3) = m.
Proof.
  intros v0 v1 v2 v3 m H0 H1 H2 H3 Hm. apply Rle_antisym.
  - apply Rmax_lub; apply Rmax_lub; assumption.
  - destruct Hm as [<-|[<-|[<-|<-]]].
    + apply Rle_trans with (Rmax v0 v1); [apply Rmax_l | apply Rmax_l].
    + apply Rle_trans with (Rmax v0 v1); [apply Rmax_r | apply Rmax_l].
    + apply Rle_trans with (Rmax v2 v3); [apply Rmax_l | apply Rmax_r].
    + apply Rle_trans with (Rmax v2 v3); [apply Rmax_r | apply Rmax_r].
Qed.

(** The top score of [a x_k + b] on either witness: at the last position (a > 0), the first (a < 0),
    every position (a = 0). *)
Lemma witness_top_score : forall a b x, (x = witness_1 \/ x = witness_2) ->
  top_score (affine_of a b x) = (if Rlt_dec 0 a then a * 6 + b else if Rlt_dec a 0 then a * 1 + b else b).
Proof.
  intros a b x Hx. unfold top_score, affine_of.
  destruct Hx as [-> | ->]; simpl; destruct (Rlt_dec 0 a); destruct (Rlt_dec a 0); apply max4_eq; lra.
Qed.

Ltac witness_cases a b x Hx :=
  unfold hardmax_split, hardmax_first, hardmax_last, top_weight, on_top;
  rewrite (witness_top_score a b x Hx);
  destruct Hx as [-> | ->]; unfold affine_of; simpl;
  destruct (Rlt_dec 0 a); destruct (Rlt_dec a 0);
  repeat match goal with |- context [Req_EM_T ?p ?q] => destruct (Req_EM_T p q) end; try lra.

Lemma witness_split : forall a b c d x, (x = witness_1 \/ x = witness_2) ->
  hardmax_split (affine_of a b x) (affine_of c d x) =
  (if Rlt_dec 0 a then c * 6 + d else if Rlt_dec a 0 then c * 1 + d else c * (7 / 2) + d).
Proof. intros a b c d x Hx. witness_cases a b x Hx; field. Qed.

Lemma witness_first : forall a b c d x, (x = witness_1 \/ x = witness_2) ->
  hardmax_first (affine_of a b x) (affine_of c d x) = (if Rlt_dec 0 a then c * 6 + d else c * 1 + d).
Proof. intros a b c d x Hx. witness_cases a b x Hx. Qed.

Lemma witness_last : forall a b c d x, (x = witness_1 \/ x = witness_2) ->
  hardmax_last (affine_of a b x) (affine_of c d x) = (if Rlt_dec a 0 then c * 1 + d else c * 6 + d).
Proof. intros a b c d x Hx. witness_cases a b x Hx. Qed.

(** A head: score slope and offset, and per output coordinate the value slope and offset. *)
Record hardmax_head := { score_slope : R; score_offset : R; value_slope : nat -> R; value_offset : nat -> R }.

Inductive tie_rule := tie_split | tie_first | tie_last.
Definition hardmax_rule (t : tie_rule) : (nat -> R) -> (nat -> R) -> R :=
  match t with tie_split => hardmax_split | tie_first => hardmax_first | tie_last => hardmax_last end.

(** Coordinate [j] of the layer's output at the query (position 0): skip connection plus every head. *)
Definition hardmax_layer_at_query (t : tie_rule) (e : nat -> R) (heads : list hardmax_head) (x : nat -> R) (j : nat) : R :=
  x 0%nat * e j +
  fold_right (fun h acc => hardmax_rule t (affine_of (score_slope h) (score_offset h) x)
                                          (affine_of (value_slope h j) (value_offset h j) x) + acc) 0 heads.

Lemma witness_head_same : forall t a b c d,
  hardmax_rule t (affine_of a b witness_1) (affine_of c d witness_1) =
  hardmax_rule t (affine_of a b witness_2) (affine_of c d witness_2).
Proof.
  intros t a b c d. destruct t; simpl.
  - rewrite (witness_split a b c d witness_1), (witness_split a b c d witness_2); auto.
  - rewrite (witness_first a b c d witness_1), (witness_first a b c d witness_2); auto.
  - rewrite (witness_last a b c d witness_1), (witness_last a b c d witness_2); auto.
Qed.

Theorem kajitsuka_hardmax_witness_same_output : forall t e heads j,
  hardmax_layer_at_query t e heads witness_1 j = hardmax_layer_at_query t e heads witness_2 j.
Proof.
  intros t e heads j. unfold hardmax_layer_at_query. simpl.
  f_equal. induction heads as [|h hs IH]; simpl; [reflexivity|].
  rewrite IH, witness_head_same. reflexivity.
Qed.

(** Theorem 1 on the witness: whatever the tie rule, heads, weights and token-wise FF layer [g]
    (applied to the output column at the query), labels [y1 <> y2] at that token are not both fitted. *)
Theorem kajitsuka_hardmax_cannot_memorise : forall t e heads (g : (nat -> R) -> R) y1 y2,
  y1 <> y2 ->
  ~ (g (hardmax_layer_at_query t e heads witness_1) = y1 /\ g (hardmax_layer_at_query t e heads witness_2) = y2).
Proof.
  intros t e heads g y1 y2 Hne [H1 H2]. apply Hne. rewrite <- H1, <- H2. f_equal.
  apply functional_extensionality. intro j.
  apply kajitsuka_hardmax_witness_same_output.
Qed.

(** ** Proposition 1 with a root: the assembly of §6 for any p >= 1 without [Rpower]

    Like [kajitsuka_prop1_assembly], with [Tp = tau^p] and [Sp = S^p] as numbers and a rational
    [Rt] with [Tp + mu Sp <= Rt^p] (exact leaf), so the budget [omega + Rt <= eps] is rational. *)
Theorem kajitsuka_prop1_assembly_root : forall (p : nat) (dfF dfbar dbarF omega Ig Ib Tp mu Sp Rt eps : R),
  (1 <= p)%nat ->
  dfF <= dfbar + dbarF ->                (* Minkowski *)
  dfbar <= omega ->                      (* step 1: omega(delta_g / 2) *)
  0 <= dbarF -> dbarF ^ p = Ig + Ib ->   (* the L^p integral split over good cells and bad set *)
  Ig <= Tp ->                            (* step 2: K-12, Tp = tau^p *)
  Ib <= mu * Sp ->                       (* steps 3-4: bad-set measure times S^p *)
  0 <= Rt -> Tp + mu * Sp <= Rt ^ p ->   (* leaf: Rt bounds the p-th root *)
  omega + Rt <= eps ->                   (* leaf: the budget *)
  dfF <= eps.
Proof.
  intros p dfF dfbar dbarF omega Ig Ib Tp mu Sp Rt eps Hp Hmink H1 Hd Hsplit Hg Hb HR HRp Hbud.
  assert (HdR : dbarF <= Rt) by (apply (pow_le_inv dbarF Rt p); [lia | exact Hd | exact HR | lra]).
  lra.
Qed.

(** ** Corollary 1: memorisation with a parameter count linear in N

    [F i k r] is entry [r] of column [k] of the network's output on data sequence [i], [y] the
    labels; K-12 certifies the fit at every entry. The count C1 and the bound C1b on the number of
    context ids give a parameter count linear in [N] (the rebuttal's O(dnN)). *)
Theorem kajitsuka_memorisation : forall (N n d M P : nat) (F y : nat -> nat -> nat -> R) (tau : R),
  (forall i k r, (i < N)%nat -> (k < n)%nat -> (r < d)%nat -> Rabs (F i k r - y i k r) <= tau) ->  (* K-12 *)
  P = (4 * d + (M + 1) * (2 * d + 1) + d)%nat ->                                                 (* C1 *)
  (M <= n * N)%nat ->                                                                             (* C1b *)
  (forall i k r, (i < N)%nat -> (k < n)%nat -> (r < d)%nat -> Rabs (F i k r - y i k r) <= tau) /\
  (P <= 5 * d + (n * N + 1) * (2 * d + 1))%nat.
Proof.
  intros N n d M P F y tau Hfit HP HM. split; [exact Hfit|]. subst P. nia.
Qed.
