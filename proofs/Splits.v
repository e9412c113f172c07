(** * Error algebra: triangle splits, product errors, sums of errors

    The generic inequalities that glue certified numbers into a chain's conclusion:
    - [triangle_split], [sup_triangle_split]: an error against a target splits into the error
      against an intermediate plus the intermediate's error (Altabaa S7, R5, Yun assembly);
    - [abs_bound_shift]: a bounded function plus a small error stays bounded (Altabaa S4);
    - [product_error_split], [product_error_bound]: the error of a product (Altabaa S5, R3);
    - [sum_error_bound], [inner_product_error_bound]: summing [N] such errors (S6, R4). *)
From Coq Require Import Reals Lra.
From Approxcert Require Import Sums.
Open Scope R_scope.

Lemma abs_le_between : forall x e, Rabs x <= e -> - e <= x <= e.
Proof.
  intros x e H. pose proof (Rle_abs x). pose proof (Rle_abs (- x)). rewrite Rabs_Ropp in *. lra.
Qed.

Lemma triangle_split : forall a b c, Rabs (a - c) <= Rabs (a - b) + Rabs (b - c).
Proof.
  intros a b c. replace (a - c) with ((a - b) + (b - c)) by ring. apply Rabs_triang.
Qed.

Lemma triangle_split_le : forall a b c e1 e2,
  Rabs (a - b) <= e1 -> Rabs (b - c) <= e2 -> Rabs (a - c) <= e1 + e2.
Proof. intros a b c e1 e2 H1 H2. pose proof (triangle_split a b c). lra. Qed.

Lemma triangle_split_lt : forall a b c e1 e2,
  Rabs (a - b) < e1 -> Rabs (b - c) <= e2 -> Rabs (a - c) < e1 + e2.
Proof. intros a b c e1 e2 H1 H2. pose proof (triangle_split a b c). lra. Qed.

(** Pointwise (sup-norm) form over any domain [T], e.g. [T = X * X] for kernels:
    if [|K - K_N| <= e1] and [|K_N - P| <= e2] everywhere, then [|K - P| <= e1 + e2]. *)
Lemma sup_triangle_split : forall (T : Type) (K KN P : T -> R) e1 e2,
  (forall t, Rabs (K t - KN t) <= e1) -> (forall t, Rabs (KN t - P t) <= e2) ->
  forall t, Rabs (K t - P t) <= e1 + e2.
Proof. intros T K KN P e1 e2 H1 H2 t. apply (triangle_split_le _ (KN t)); auto. Qed.

(** The budget form: the two certified parts fit in [eps]. *)
Lemma sup_triangle_split_budget : forall (T : Type) (K KN P : T -> R) e1 e2 eps,
  (forall t, Rabs (K t - KN t) <= e1) -> (forall t, Rabs (KN t - P t) <= e2) -> e1 + e2 <= eps ->
  forall t, Rabs (K t - P t) <= eps.
Proof.
  intros T K KN P e1 e2 eps H1 H2 He t. pose proof (sup_triangle_split T K KN P e1 e2 H1 H2 t). lra.
Qed.

Lemma abs_bound_shift : forall g p C e, Rabs g <= C -> Rabs (p - g) <= e -> Rabs p <= C + e.
Proof.
  intros g p C e Hg Hp. replace p with (g + (p - g)) by ring.
  eapply Rle_trans; [apply Rabs_triang|]. lra.
Qed.

(** [a b - a' b' = a (b - b') + b' (a - a')]. *)
Lemma product_error_split : forall a a' b b',
  Rabs (a * b - a' * b') <= Rabs a * Rabs (b - b') + Rabs b' * Rabs (a - a').
Proof.
  intros a a' b b'. replace (a * b - a' * b') with (a * (b - b') + b' * (a - a')) by ring.
  rewrite <- !Rabs_mult. apply Rabs_triang.
Qed.

(** With [|a|, |b| <= C] and errors [|a - a'|, |b - b'| <= e]: the error of the product is at
    most [C e + (C + e) e = 2 C e + e^2]. *)
Lemma product_error_bound : forall a a' b b' C e,
  Rabs a <= C -> Rabs b <= C -> Rabs (a - a') <= e -> Rabs (b - b') <= e ->
  Rabs (a * b - a' * b') <= 2 * C * e + e ^ 2.
Proof.
  intros a a' b b' C e Ha Hb Hea Heb.
  assert (Hb' : Rabs b' <= C + e).
  { apply (abs_bound_shift b); [exact Hb|]. rewrite Rabs_minus_sym; exact Heb. }
  pose proof (product_error_split a a' b b') as Hs.
  pose proof (Rabs_pos a). pose proof (Rabs_pos b'). pose proof (Rabs_pos (b - b')).
  pose proof (Rabs_pos (a - a')).
  assert (Rabs a * Rabs (b - b') <= C * e) by (apply Rmult_le_compat; assumption).
  assert (Rabs b' * Rabs (a - a') <= (C + e) * e) by (apply Rmult_le_compat; assumption).
  simpl; nra.
Qed.

(** Summing [N] per-term error bounds. *)
Lemma sum_error_bound : forall (d : nat -> R) N b,
  (forall i, (i < N)%nat -> Rabs (d i) <= b) -> Rabs (rsum d N) <= INR N * b.
Proof.
  intros d N b H. eapply Rle_trans; [apply rsum_abs|]. apply rsum_le_const. exact H.
Qed.

(** Altabaa S6 / R4: the error of a rank-[N] inner product [sum_i a_i b_i] approximated by
    [sum_i p_i q_i], with [|a_i|, |b_i| <= C] and componentwise errors [<= e]. *)
Lemma inner_product_error_bound : forall (a b p q : nat -> R) N C e,
  (forall i, (i < N)%nat -> Rabs (a i) <= C) -> (forall i, (i < N)%nat -> Rabs (b i) <= C) ->
  (forall i, (i < N)%nat -> Rabs (a i - p i) <= e) -> (forall i, (i < N)%nat -> Rabs (b i - q i) <= e) ->
  Rabs (rsum (fun i => a i * b i) N - rsum (fun i => p i * q i) N) <= INR N * (2 * C * e + e ^ 2).
Proof.
  intros a b p q N C e Ha Hb Hp Hq. rewrite <- rsum_minus. apply sum_error_bound.
  intros i Hi. apply product_error_bound; auto.
Qed.
