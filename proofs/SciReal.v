(** * Short decimal numbers [m * 10^e] and a proved comparison that never expands [10^e]

    At paper-scale precision a certified endpoint is a rational with tens of thousands of digits;
    [lra] over such numerals does not finish. [approxcert coq] writes such an endpoint as
    [sci m e = m * 10^e] with a short mantissa [m], rounded outward by exact integer arithmetic in
    C++ (a lower end down, an upper end up), after checking that the rounded numbers still decide
    the relation (docs/proofs.md). [sci_compare] decides the order of two such numbers; when the
    exponents are far apart it compares signs and sizes only, so its cost does not grow with [e].
    [sci_compare_spec] proves it correct; [sci_leaf] closes [sci _ _ <= sci _ _] and
    [sci _ _ < sci _ _] (and conjunctions of them) by computation. *)
From Coq Require Import Reals ZArith Lra Lia.
Open Scope R_scope.

Definition sci (m e : Z) : R := IZR m * powerRZ 10 e.
Arguments sci (m e)%Z.

(** [m1 * 10^k] against [m2] for [k >= 0]. If [|m2| < 2^k <= 10^k] and [m1 <> 0], the sign of
    [m1] decides: [|m1 * 10^k| >= 10^k > |m2|]. *)
Definition shifted_compare (m1 k m2 : Z) : comparison :=
  if Z.eqb m1 0 then Z.compare 0 m2
  else if Z.ltb (Z.log2 (Z.abs m2)) k then Z.compare m1 0
  else Z.compare (m1 * 10 ^ k) m2.

Definition sci_compare (m1 e1 m2 e2 : Z) : comparison :=
  if Z.leb e2 e1 then shifted_compare m1 (e1 - e2) m2
  else CompOpp (shifted_compare m2 (e2 - e1) m1).

Lemma abs_lt_pow2_log2 : forall m : Z, (Z.abs m < 2 ^ Z.succ (Z.log2 (Z.abs m)))%Z.
Proof.
  intro m. destruct (Z.eq_dec m 0) as [->|Hm].
  - simpl. lia.
  - apply Z.log2_spec. lia.
Qed.

Lemma shifted_compare_spec : forall m1 k m2, (0 <= k)%Z ->
  shifted_compare m1 k m2 = Z.compare (m1 * 10 ^ k) m2.
Proof.
  intros m1 k m2 Hk. unfold shifted_compare.
  destruct (Z.eqb_spec m1 0) as [->|Hm1]; [reflexivity|].
  destruct (Z.ltb_spec (Z.log2 (Z.abs m2)) k) as [Hlt|]; [|reflexivity].
  assert (H2 : (Z.abs m2 < 10 ^ k)%Z).
  { apply Z.lt_le_trans with (2 ^ Z.succ (Z.log2 (Z.abs m2)))%Z; [apply abs_lt_pow2_log2|].
    apply Z.le_trans with (2 ^ k)%Z.
    - apply Z.pow_le_mono_r; lia.
    - apply Z.pow_le_mono_l; lia. }
  assert (Hp : (0 < 10 ^ k)%Z) by (apply Z.pow_pos_nonneg; lia).
  destruct (Z.compare_spec m1 0) as [|Hneg|Hpos]; [lia| |].
  - symmetry. apply Z.compare_lt_iff. nia.
  - symmetry. apply Z.compare_gt_iff. nia.
Qed.

Lemma powerRZ_10_nonneg : forall k : Z, (0 <= k)%Z -> powerRZ 10 k = IZR (10 ^ k).
Proof.
  intros k Hk. rewrite <- (Z2Nat.id k Hk). rewrite <- pow_powerRZ, pow_IZR. reflexivity.
Qed.

(** [sci m1 (e2 + k) = IZR (m1 * 10^k) * 10^e2] for [k >= 0]. *)
Lemma sci_shift : forall m1 e2 k, (0 <= k)%Z -> sci m1 (k + e2) = IZR (m1 * 10 ^ k) * powerRZ 10 e2.
Proof.
  intros m1 e2 k Hk. unfold sci. rewrite powerRZ_add by lra.
  rewrite powerRZ_10_nonneg by exact Hk. rewrite mult_IZR. ring.
Qed.

Definition compare_holds (c : comparison) (x y : R) : Prop :=
  match c with Lt => x < y | Eq => x = y | Gt => y < x end.

Lemma compare_holds_scaled : forall a b s, 0 < s -> compare_holds (Z.compare a b) (IZR a * s) (IZR b * s).
Proof.
  intros a b s Hs. unfold compare_holds.
  destruct (Z.compare_spec a b) as [->|Hlt|Hgt]; [reflexivity| |].
  - apply Rmult_lt_compat_r; [exact Hs|]. apply IZR_lt. exact Hlt.
  - apply Rmult_lt_compat_r; [exact Hs|]. apply IZR_lt. exact Hgt.
Qed.

Theorem sci_compare_spec : forall m1 e1 m2 e2,
  compare_holds (sci_compare m1 e1 m2 e2) (sci m1 e1) (sci m2 e2).
Proof.
  intros m1 e1 m2 e2. unfold sci_compare.
  assert (Hs : forall e, 0 < powerRZ 10 e) by (intro; apply powerRZ_lt; lra).
  destruct (Z.leb_spec e2 e1) as [Hle|Hgt].
  - rewrite shifted_compare_spec by lia.
    replace e1 with ((e1 - e2) + e2)%Z at 2 by ring. rewrite sci_shift by lia.
    assert (Hm2 : sci m2 e2 = IZR m2 * powerRZ 10 e2) by reflexivity. rewrite Hm2.
    apply compare_holds_scaled, Hs.
  - rewrite shifted_compare_spec by lia.
    replace e2 with ((e2 - e1) + e1)%Z at 2 by ring. rewrite sci_shift by lia.
    assert (Hm1 : sci m1 e1 = IZR m1 * powerRZ 10 e1) by reflexivity. rewrite Hm1.
    pose proof (compare_holds_scaled (m2 * 10 ^ (e2 - e1)) m1 (powerRZ 10 e1) (Hs e1)) as H.
    unfold compare_holds in *.
    destruct (Z.compare (m2 * 10 ^ (e2 - e1)) m1); simpl CompOpp; lra.
Qed.

(** The two leaf forms: the premise is a closed computation ([vm_compute] reduces it to [True]
    or [False]). *)
Lemma sci_le_check : forall m1 e1 m2 e2,
  match sci_compare m1 e1 m2 e2 with Gt => False | _ => True end -> sci m1 e1 <= sci m2 e2.
Proof.
  intros m1 e1 m2 e2 H. pose proof (sci_compare_spec m1 e1 m2 e2) as S.
  destruct (sci_compare m1 e1 m2 e2); simpl in S; [lra | lra | contradiction].
Qed.

Lemma sci_lt_check : forall m1 e1 m2 e2,
  match sci_compare m1 e1 m2 e2 with Lt => True | _ => False end -> sci m1 e1 < sci m2 e2.
Proof.
  intros m1 e1 m2 e2 H. pose proof (sci_compare_spec m1 e1 m2 e2) as S.
  destruct (sci_compare m1 e1 m2 e2); simpl in S; [contradiction | exact S | contradiction].
Qed.

Ltac sci_leaf :=
  lazymatch goal with
  | |- _ /\ _ => split; sci_leaf
  | |- sci _ _ <= sci _ _ => apply sci_le_check; vm_compute; exact I
  | |- sci _ _ < sci _ _ => apply sci_lt_check; vm_compute; exact I
  | |- _ => fail 1 "sci_leaf: expected sci _ _ <= sci _ _ or sci _ _ < sci _ _"
  end.

(** [sci m e] with a small exponent against a short rational expression: unfold and [lra]. Only
    for numbers the exporter knows to be short. *)
Ltac sci_small :=
  unfold sci; simpl powerRZ; lra.
