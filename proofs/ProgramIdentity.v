(** * Polynomial identities of straight-line programs

    A straight-line program over the ring operations (the polynomial node set of approxcert's
    network IR: input, constant, affine, dot, add, sub, mul, neg, integer power) has a real
    semantics [prog_value] and a symbolic one [prog_poly] over sparse polynomials with rational
    coefficients. [prog_value_poly] proves that they agree at every real input, so that
    [prog_value P xs k = q(xs)] for ALL real [xs] follows from computing [prog_poly P k] once (by
    [vm_compute]) and comparing it with [q] by [field]: a polynomial identity, not a sampling. The
    tactic [program_identity] does exactly that.

    Nodes carry their own key (a positive); a node reads earlier keys, and a key that no earlier
    node defines reads 0 in both semantics (so [prog_value_poly] needs no well-formedness
    hypothesis). *)
From Coq Require Import Reals QArith Qreals List FMapPositive Lia Lra.
Import ListNotations.
Open Scope R_scope.

Inductive node : Type :=
  | NInput (i : nat)                              (* input coordinate i *)
  | NConst (q : Q)                                (* the rational q *)
  | NAffine (terms : list (positive * Q)) (b : Q) (* b + sum w * v_a *)
  | NDot (pairs : list (positive * positive))     (* sum v_a * v_b *)
  | NAdd (a b : positive) | NSub (a b : positive) | NMul (a b : positive)
  | NNeg (a : positive)
  | NPow (a : positive) (n : nat).                (* v_a ^ n, n >= 0 *)

Definition program := list (positive * node).

(** ** Real semantics *)
Section RealSemantics.
Variable xs : nat -> R.

Definition getR (env : PositiveMap.t R) (a : positive) : R :=
  match PositiveMap.find a env with Some v => v | None => 0 end.

Definition evalR (env : PositiveMap.t R) (nd : node) : R :=
  match nd with
  | NInput i => xs i
  | NConst q => Q2R q
  | NAffine ts b => fold_right (fun t acc => Q2R (snd t) * getR env (fst t) + acc) (Q2R b) ts
  | NDot ps => fold_right (fun t acc => getR env (fst t) * getR env (snd t) + acc) 0 ps
  | NAdd a b => getR env a + getR env b
  | NSub a b => getR env a - getR env b
  | NMul a b => getR env a * getR env b
  | NNeg a => - getR env a
  | NPow a n => getR env a ^ n
  end.

Fixpoint runR (p : program) (env : PositiveMap.t R) : PositiveMap.t R :=
  match p with
  | [] => env
  | (k, nd) :: rest => runR rest (PositiveMap.add k (evalR env nd) env)
  end.
End RealSemantics.

(** The value of node [k] of [p] at the input [xs]. *)
Definition prog_value (p : program) (xs : nat -> R) (k : positive) : R :=
  getR (runR xs p (PositiveMap.empty R)) k.

(** Inputs given as a list: coordinate i is the i-th element (0 past the end). *)
Definition inputs (l : list R) : nat -> R := fun i => nth i l 0.

(** ** Sparse polynomials: a list of (exponent list, coefficient) terms, not merged *)
Definition mono := list nat.
Definition poly := list (mono * Q).

Fixpoint mono_eval (xs : nat -> R) (m : mono) : R :=
  match m with
  | [] => 1
  | e :: m' => xs O ^ e * mono_eval (fun i => xs (S i)) m'
  end.

Fixpoint peval (xs : nat -> R) (p : poly) : R :=
  match p with
  | [] => 0
  | t :: p' => Q2R (snd t) * mono_eval xs (fst t) + peval xs p'
  end.

Fixpoint mono_mul (a b : mono) : mono :=
  match a, b with
  | [], _ => b
  | _, [] => a
  | ea :: a', eb :: b' => (ea + eb)%nat :: mono_mul a' b'
  end.

Fixpoint mono_var (i : nat) : mono := match i with O => [1%nat] | S i' => 0%nat :: mono_var i' end.

Definition pconst (q : Q) : poly := if Qeq_bool q 0 then [] else [([], q)].
Definition pscale (w : Q) (p : poly) : poly :=
  if Qeq_bool w 0 then [] else map (fun t => (fst t, (w * snd t)%Q)) p.
Definition pneg (p : poly) : poly := map (fun t => (fst t, (- snd t)%Q)) p.
Definition pmul (p q : poly) : poly :=
  flat_map (fun t => map (fun s => (mono_mul (fst t) (fst s), (snd t * snd s)%Q)) q) p.
Fixpoint ppow (p : poly) (n : nat) : poly := match n with O => [([], 1%Q)] | S n' => pmul p (ppow p n') end.

Lemma Q2R_zero : Q2R 0 = 0.
Proof. unfold Q2R; simpl; lra. Qed.

Lemma Q2R_frac : forall n d, Q2R (Qmake n d) = IZR n / IZR (Zpos d).
Proof. reflexivity. Qed.

Lemma Q2R_one : Q2R 1 = 1.
Proof. unfold Q2R; simpl; lra. Qed.

Lemma mono_mul_ok : forall a b xs, mono_eval xs (mono_mul a b) = mono_eval xs a * mono_eval xs b.
Proof.
  induction a as [|ea a IH]; intros [|eb b] xs; simpl; try ring.
  rewrite IH, pow_add. ring.
Qed.

Lemma mono_var_ok : forall i xs, mono_eval xs (mono_var i) = xs i.
Proof.
  induction i as [|i IH]; intros xs; simpl.
  - ring.
  - rewrite IH. ring.
Qed.

Lemma peval_app : forall xs p q, peval xs (p ++ q) = peval xs p + peval xs q.
Proof. induction p as [|t p IH]; intros q; simpl; [ring | rewrite IH; ring]. Qed.

Lemma pconst_ok : forall xs q, peval xs (pconst q) = Q2R q.
Proof.
  intros xs q. unfold pconst. destruct (Qeq_bool q 0) eqn:E.
  - apply Qeq_bool_iff in E. apply Qeq_eqR in E. rewrite E, Q2R_zero. reflexivity.
  - simpl. ring.
Qed.

Lemma pscale_ok : forall xs w p, peval xs (pscale w p) = Q2R w * peval xs p.
Proof.
  intros xs w p. unfold pscale. destruct (Qeq_bool w 0) eqn:E.
  - apply Qeq_bool_iff in E. apply Qeq_eqR in E. rewrite E, Q2R_zero. simpl. ring.
  - induction p as [|t p IH]; simpl; [ring|]. rewrite IH, Q2R_mult. ring.
Qed.

Lemma pneg_ok : forall xs p, peval xs (pneg p) = - peval xs p.
Proof. induction p as [|t p IH]; simpl; [ring|]. rewrite IH, Q2R_opp. ring. Qed.

Lemma pmul_term_ok : forall xs t q,
  peval xs (map (fun s => (mono_mul (fst t) (fst s), (snd t * snd s)%Q)) q)
  = Q2R (snd t) * mono_eval xs (fst t) * peval xs q.
Proof.
  intros xs t q. induction q as [|s q IH]; simpl; [ring|].
  rewrite IH, Q2R_mult, mono_mul_ok. ring.
Qed.

Lemma pmul_ok : forall xs p q, peval xs (pmul p q) = peval xs p * peval xs q.
Proof.
  intros xs p q. unfold pmul. induction p as [|t p IH]; simpl; [ring|].
  rewrite peval_app, IH, pmul_term_ok. ring.
Qed.

Lemma ppow_ok : forall xs p n, peval xs (ppow p n) = peval xs p ^ n.
Proof.
  intros xs p n. induction n as [|n IH]; simpl.
  - rewrite Q2R_one. ring.
  - rewrite pmul_ok, IH. reflexivity.
Qed.

(** ** Symbolic semantics *)
Definition getP (env : PositiveMap.t poly) (a : positive) : poly :=
  match PositiveMap.find a env with Some v => v | None => [] end.

Definition evalP (env : PositiveMap.t poly) (nd : node) : poly :=
  match nd with
  | NInput i => [(mono_var i, 1%Q)]
  | NConst q => pconst q
  | NAffine ts b => fold_right (fun t acc => pscale (snd t) (getP env (fst t)) ++ acc) (pconst b) ts
  | NDot ps => fold_right (fun t acc => pmul (getP env (fst t)) (getP env (snd t)) ++ acc) [] ps
  | NAdd a b => getP env a ++ getP env b
  | NSub a b => getP env a ++ pneg (getP env b)
  | NMul a b => pmul (getP env a) (getP env b)
  | NNeg a => pneg (getP env a)
  | NPow a n => ppow (getP env a) n
  end.

Fixpoint runP (p : program) (env : PositiveMap.t poly) : PositiveMap.t poly :=
  match p with
  | [] => env
  | (k, nd) :: rest => runP rest (PositiveMap.add k (evalP env nd) env)
  end.

(** The polynomial of node [k] of [p]. *)
Definition prog_poly (p : program) (k : positive) : poly := getP (runP p (PositiveMap.empty poly)) k.

Section Agreement.
Variable xs : nat -> R.

Definition agree (eP : PositiveMap.t poly) (eR : PositiveMap.t R) : Prop :=
  forall a, peval xs (getP eP a) = getR eR a.

Lemma evalP_ok : forall eP eR nd, agree eP eR -> peval xs (evalP eP nd) = evalR xs eR nd.
Proof.
  intros eP eR nd H. destruct nd as [i|q|ts b|ps|a b|a b|a b|a|a n]; simpl.
  - rewrite Q2R_one, mono_var_ok. ring.
  - apply pconst_ok.
  - induction ts as [|t ts IH]; simpl; [apply pconst_ok|].
    rewrite peval_app, IH, pscale_ok, H. reflexivity.
  - induction ps as [|t ps IH]; simpl; [reflexivity|].
    rewrite peval_app, IH, pmul_ok, !H. reflexivity.
  - rewrite peval_app, !H. reflexivity.
  - rewrite peval_app, pneg_ok, !H. ring.
  - rewrite pmul_ok, !H. reflexivity.
  - rewrite pneg_ok, H. reflexivity.
  - rewrite ppow_ok, H. reflexivity.
Qed.

Lemma agree_add : forall eP eR k nd, agree eP eR ->
  agree (PositiveMap.add k (evalP eP nd) eP) (PositiveMap.add k (evalR xs eR nd) eR).
Proof.
  intros eP eR k nd H a. unfold getP, getR.
  destruct (Pos.eq_dec a k) as [->|Hne].
  - rewrite !PositiveMap.gss. apply evalP_ok. exact H.
  - rewrite !PositiveMap.gso by exact Hne. apply H.
Qed.

Lemma run_agree : forall p eP eR, agree eP eR -> agree (runP p eP) (runR xs p eR).
Proof.
  induction p as [|[k nd] p IH]; intros eP eR H; simpl; [exact H|].
  apply IH, agree_add, H.
Qed.
End Agreement.

(** Every node's real value is its polynomial evaluated at the input. *)
Theorem prog_value_poly : forall p xs k, prog_value p xs k = peval xs (prog_poly p k).
Proof.
  intros p xs k. unfold prog_value, prog_poly. symmetry. apply run_agree.
  intros a. unfold getP, getR. rewrite !PositiveMap.gempty. reflexivity.
Qed.

(** Proves [prog_value P xs k = q] for all inputs: rewrites the left side to its polynomial,
    computes that polynomial once with [vm_compute], expands it and closes the identity by
    [field] (coefficients are rationals; their denominators are nonzero numerals). *)
Ltac program_identity :=
  intros;
  rewrite prog_value_poly;
  match goal with
  | |- context [prog_poly ?P ?K] =>
      let v := eval vm_compute in (prog_poly P K) in
      replace (prog_poly P K) with v by (vm_compute; reflexivity)
  end;
  cbn [peval mono_eval inputs nth fst snd];
  rewrite ?Q2R_frac;
  field.
