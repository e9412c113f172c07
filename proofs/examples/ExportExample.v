(** * Template of a file written by [approxcert coq CERT.json -o FILE.v]

    Built with the project so that the template keeps compiling. Shape:
    1. numeric leaves: closed statements over exact rationals, each closed by [approxcert_leaf];
    2. the instance theorem: the certified network facts (NET steps, trusted from the
       certificate) are hypotheses, the conclusion is the theorem's statement for the instance,
       and the proof applies a chain lemma to the hypotheses and the leaves.

    Instances: Altabaa Theorem 5.1, instance A (spec §7.7: n = 3 keys, eta = 1/50,
    eps1 = eta/4, D = 1, eps = 1/100, beta = 530); Altabaa Theorem 2.1 for the Brownian kernel
    (spec §7.1: N = 5, eps = 1/10, a rational upper bound for C, eps_NN = 5536/10^6; the
    feature bound S3 itself is re-checked for the explicit features); Yun instance Y-A
    (d = 1, n = 2, delta = 1/4, so N = 4 column values): the duplicate-cell volume fraction. *)
From Coq Require Import Reals Lia.
From Approxcert Require Import Leaf Sums AltabaaSoftmax AltabaaKernel YunVolume.
Open Scope R_scope.

(** ** Altabaa Theorem 5.1, instance A *)

Lemma leaf_altabaa_a_beta_nonneg : 0 <= 530.
Proof. approxcert_leaf. Qed.

(** A7: [(n-1) exp (-beta (eta - 2 eps1)) D <= eps]. *)
Lemma leaf_altabaa_a_a7 : (INR 3 - 1) * exp (- (530 * (1 / 50 - 2 * (1 / 200)))) * 1 <= 1 / 100.
Proof. approxcert_leaf. Qed.

Theorem altabaa_instance_a_thm51 : forall (s u v : nat -> R) (i : nat),
  (i < 3)%nat ->
  (forall k, (k < 3)%nat -> Rabs (s k - u k) <= 1 / 200) ->            (* A1 (NET) *)
  (forall j, (j < 3)%nat -> j <> i -> u i - u j >= 1 / 50) ->          (* event E_eta *)
  (forall j, (j < 3)%nat -> Rabs (v j - v i) <= 1) ->                  (* D_Y = 1 (CF) *)
  Rabs (attention 530 s v 3 - v i) <= 1 / 100.
Proof.
  intros s u v i Hi HA1 Heta HD.
  exact (altabaa_thm51_retrieval_eps 530 s u v 3 i (1 / 200) (1 / 50) 1 (1 / 100)
           leaf_altabaa_a_beta_nonneg Hi HA1 Heta HD leaf_altabaa_a_a7).
Qed.

(** ** Altabaa Theorem 2.1, Brownian kernel, eps = 1/10 *)

(** The domain [[0, 1]] and the target features [g_i(x) = sqrt 2 sin (w_i x) / w_i],
    [w_i = (i + 1/2) pi] (the spec's [k = i + 1]). *)
Definition unit_interval := { x : R | 0 <= x <= 1 }.

Definition brownian_feature (i : nat) (x : R) : R :=
  sqrt 2 * sin ((INR i + 1 / 2) * PI * x) / ((INR i + 1 / 2) * PI).

(** S3 (CF) as a closed-form claim, re-checked by [interval] for each of the [N = 5] features
    on [[0, 1]]: [|g_i| <= C] with [C = 9004/10000 >= 2 sqrt 2 / pi]. *)
Lemma leaf_brownian_s3 : forall i x, (i < 5)%nat -> 0 <= x <= 1 ->
  Rabs (brownian_feature i x) <= 9004 / 10000.
Proof.
  intros i x Hi Hx. unfold brownian_feature.
  destruct i as [|[|[|[|[|i]]]]]; [approxcert_leaf .. | lia].
Qed.

(** S1 (CF): the certified truncation tail is within the budget. *)
Lemma leaf_brownian_s1 : 40396 / 1000000 <= 1 / 10 / 2.
Proof. approxcert_leaf. Qed.

(** S6 (CF): the network budget closes. *)
Lemma leaf_brownian_s6 :
  INR 5 * (2 * (9004 / 10000) * (5536 / 1000000) + (5536 / 1000000) ^ 2) <= 1 / 10 / 2.
Proof. approxcert_leaf. Qed.

Theorem brownian_instance_thm21 :
  forall (K : unit_interval -> unit_interval -> R) (psi : nat -> unit_interval -> R),
  (forall x y, Rabs (K x y - rsum (fun i => brownian_feature i (proj1_sig x)
                                            * brownian_feature i (proj1_sig y)) 5)
               <= 40396 / 1000000) ->                                               (* S1 *)
  (forall i x, (i < 5)%nat -> Rabs (brownian_feature i (proj1_sig x) - psi i x)
                              <= 5536 / 1000000) ->                                 (* S2 *)
  forall x y, Rabs (K x y - rsum (fun i => psi i x * psi i y) 5) <= 1 / 10.
Proof.
  intros K psi HS1 HS2.
  exact (altabaa_thm21_eps unit_interval K (fun i x => brownian_feature i (proj1_sig x)) psi
           5 (9004 / 10000) (5536 / 1000000) (40396 / 1000000) (1 / 10)
           HS1 HS2 (fun i x Hi => leaf_brownian_s3 i (proj1_sig x) Hi (proj2_sig x))
           leaf_brownian_s1 leaf_brownian_s6).
Qed.

(** ** Yun instance Y-A: Y-13 with the exact duplicate fraction *)

(** The exact fraction of grid cells with a repeated column: [1 - 4 * 3 / 4^2 = 1/4]. *)
Lemma leaf_yun_ya_y13_fraction : 1 - falling 4 2 / INR 4 ^ 2 = 1 / 4.
Proof. unfold falling; simpl rprod; approxcert_leaf. Qed.

(** Y-13 for Y-A: the duplicate cells contribute at most [1/4 * max ||f(L)||_p^p] to
    [d_p(fbar, gbar)^p]. The count of duplicate cells is certified by enumeration (hypothesis). *)
Theorem yun_ya_y13 : forall (dup : nat -> bool) (F : nat -> R) (Fmax : R), 0 <= Fmax ->
  (forall L, (L < 4 ^ 2)%nat -> dup L = true -> 0 <= F L <= Fmax) ->
  rsum (fun L => if dup L then 1 else 0) (4 ^ 2)%nat = INR 4 ^ 2 - falling 4 2 ->
  rsum (fun L => if dup L then / INR 4 ^ 2 * F L else 0) (4 ^ 2)%nat <= 1 / 4 * Fmax.
Proof.
  intros dup F Fmax HF0 HF Hcount.
  destruct (yun_y13_duplicate_error dup F 4 2 Fmax ltac:(lia) ltac:(lia) HF0 HF Hcount) as [H _].
  rewrite leaf_yun_ya_y13_fraction in H. exact H.
Qed.

(** The union bound of Y-13 is exact for Y-A: [n (n-1) / 2 * delta^d = 1/4]. *)
Theorem yun_ya_y13_union_bound : 1 - falling 4 2 / INR 4 ^ 2 <= INR 2 * (INR 2 - 1) / 2 / INR 4.
Proof. apply yun_y13_union_bound; lia. Qed.
