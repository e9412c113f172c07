(** * The evaluation contract: straight-line programs evaluated over enclosures

    This mirrors the C++ evaluator [Evaluator<S>] of lib/net/evaluate.hpp. A program is a list of
    nodes; node [k] reads input coordinates or the values of nodes [0 .. k-1] (the builder in
    lib/net/program.cpp rejects forward references). Running it over the reals gives the exact
    node values; running it over an enclosure type [I] (balls, intervals, any type with a
    [contains] relation) gives the certified node values.

    Main result, [eval_program_encloses]: if the inputs are enclosed and the enclosure version of
    every operation is an extension of its real version (in the sense of Coq Interval's
    [extension]: enclosed arguments give an enclosed result), then every certified node value
    encloses the exact node value. Nothing is assumed about [I] or [contains]. *)
From Coq Require Import Reals List Lia.
Import ListNotations.
Open Scope R_scope.

Section Enclosure.

Context {I : Type} (contains : I -> R -> Prop).

(** ** Extensions: the correctness notion for one operation *)

Definition extension1 (f : R -> R) (F : I -> I) : Prop :=
  forall X x, contains X x -> contains (F X) (f x).

Definition extension2 (f : R -> R -> R) (F : I -> I -> I) : Prop :=
  forall X Y x y, contains X x -> contains Y y -> contains (F X Y) (f x y).

(** n-ary operations (affine maps, dot products, softmax/hardmax mixes, piecewise-linear maps)
    read a list of earlier values; their extension property relates lists pointwise. *)
Definition extensionN (f : list R -> R) (F : list I -> I) : Prop :=
  forall Xs xs, Forall2 contains Xs xs -> contains (F Xs) (f xs).

Lemma extension1_compose : forall f g F G,
  extension1 f F -> extension1 g G -> extension1 (fun x => g (f x)) (fun X => G (F X)).
Proof. intros f g F G Hf Hg X x Hx. apply Hg, Hf, Hx. Qed.

(** ** Programs *)

Inductive node : Type :=
  | NInput (k : nat)                                          (** input coordinate [k] *)
  | NConst (c : R) (C : I)                                    (** exact constant and its enclosure *)
  | NUnary (f : R -> R) (F : I -> I) (a : nat)                (** [f] of node [a] *)
  | NBinary (f : R -> R -> R) (F : I -> I -> I) (a b : nat)   (** [f] of nodes [a], [b] *)
  | NNary (f : list R -> R) (F : list I -> I) (args : list nat).  (** [f] of nodes [args] *)

Definition program := list node.

(** What must hold of one node for the program to be sound. *)
Definition node_sound (n : node) : Prop :=
  match n with
  | NInput _ => True
  | NConst c C => contains C c
  | NUnary f F _ => extension1 f F
  | NBinary f F _ _ => extension2 f F
  | NNary f F _ => extensionN f F
  end.

(** Node [n] at position [pos] only reads existing inputs and earlier nodes. *)
Definition node_wf (num_inputs pos : nat) (n : node) : Prop :=
  match n with
  | NInput k => (k < num_inputs)%nat
  | NConst _ _ => True
  | NUnary _ _ a => (a < pos)%nat
  | NBinary _ _ a b => (a < pos)%nat /\ (b < pos)%nat
  | NNary _ _ args => Forall (fun a => (a < pos)%nat) args
  end.

Fixpoint program_wf_from (num_inputs pos : nat) (p : program) : Prop :=
  match p with
  | [] => True
  | n :: rest => node_wf num_inputs pos n /\ program_wf_from num_inputs (S pos) rest
  end.

Definition program_wf (num_inputs : nat) (p : program) : Prop := program_wf_from num_inputs 0 p.

(** ** Exact evaluation over the reals *)

Definition node_value (inputs env : list R) (n : node) : R :=
  match n with
  | NInput k => nth k inputs 0
  | NConst c _ => c
  | NUnary f _ a => f (nth a env 0)
  | NBinary f _ a b => f (nth a env 0) (nth b env 0)
  | NNary f _ args => f (map (fun a => nth a env 0) args)
  end.

Fixpoint run_exact (inputs : list R) (p : program) (env : list R) : list R :=
  match p with
  | [] => env
  | n :: rest => run_exact inputs rest (env ++ [node_value inputs env n])
  end.

(** The exact value of every node, in order. *)
Definition eval_exact (p : program) (inputs : list R) : list R := run_exact inputs p [].

(** ** Evaluation over enclosures ([dflt] is only read for ill-formed programs) *)

Variable dflt : I.

Definition node_enclosure (inputs env : list I) (n : node) : I :=
  match n with
  | NInput k => nth k inputs dflt
  | NConst _ C => C
  | NUnary _ F a => F (nth a env dflt)
  | NBinary _ F a b => F (nth a env dflt) (nth b env dflt)
  | NNary _ F args => F (map (fun a => nth a env dflt) args)
  end.

Fixpoint run_enclosure (inputs : list I) (p : program) (env : list I) : list I :=
  match p with
  | [] => env
  | n :: rest => run_enclosure inputs rest (env ++ [node_enclosure inputs env n])
  end.

(** The certified value of every node, in order (what [Evaluator<S>::run] stores in [vals_]). *)
Definition eval_enclosure (p : program) (inputs : list I) : list I := run_enclosure inputs p [].

(** ** Soundness *)

Lemma Forall2_nth_contains : forall Xs xs k, Forall2 contains Xs xs -> (k < length xs)%nat ->
  contains (nth k Xs dflt) (nth k xs 0).
Proof.
  intros Xs xs k H; revert k; induction H as [|X x Xs xs Hx _ IH]; intros k Hk; simpl in *; [lia|].
  destruct k; [exact Hx | apply IH; lia].
Qed.

Lemma Forall2_map_nth : forall Xs xs args, Forall2 contains Xs xs ->
  Forall (fun a => (a < length xs)%nat) args ->
  Forall2 contains (map (fun a => nth a Xs dflt) args) (map (fun a => nth a xs 0) args).
Proof.
  intros Xs xs args H Hargs; induction Hargs as [|a args Ha _ IH]; simpl; constructor.
  - apply Forall2_nth_contains; assumption.
  - exact IH.
Qed.

Lemma node_encloses : forall Is is Es es n,
  Forall2 contains Is is -> Forall2 contains Es es ->
  node_wf (length is) (length es) n -> node_sound n ->
  contains (node_enclosure Is Es n) (node_value is es n).
Proof.
  intros Is is Es es n HI HE Hwf Hs; destruct n as [k|c C|f F a|f F a b|f F args]; simpl in *.
  - apply Forall2_nth_contains; assumption.
  - exact Hs.
  - apply Hs, Forall2_nth_contains; assumption.
  - destruct Hwf; apply Hs; apply Forall2_nth_contains; assumption.
  - apply Hs, Forall2_map_nth; assumption.
Qed.

Lemma run_encloses : forall Is is p Es es,
  Forall2 contains Is is -> Forall2 contains Es es ->
  program_wf_from (length is) (length es) p -> Forall node_sound p ->
  Forall2 contains (run_enclosure Is p Es) (run_exact is p es).
Proof.
  intros Is is p; induction p as [|n rest IH]; intros Es es HI HE Hwf Hs; simpl in *; [exact HE|].
  destruct Hwf as [Hn Hrest]. inversion Hs as [|? ? Hsn Hsrest]; subst.
  apply IH; try assumption.
  - apply Forall2_app; [exact HE|]. constructor; [|constructor].
    apply node_encloses; assumption.
  - rewrite app_length; simpl. rewrite Nat.add_1_r. exact Hrest.
Qed.

(** The straight-line-program lemma: enclosed inputs, well-formed program, enclosure-preserving
    operations ==> every certified node value encloses the exact one. *)
Theorem eval_program_encloses : forall p Is is,
  Forall2 contains Is is -> program_wf (length is) p -> Forall node_sound p ->
  Forall2 contains (eval_enclosure p Is) (eval_exact p is).
Proof. intros p Is is HI Hwf Hs. apply run_encloses; auto. Qed.

Lemma run_exact_length : forall is p es, length (run_exact is p es) = (length es + length p)%nat.
Proof.
  intros is p; induction p as [|n rest IH]; intros es; simpl; [lia|].
  rewrite IH, app_length; simpl; lia.
Qed.

(** Node-wise form: the certified value of node [k] encloses its exact value. *)
Corollary eval_program_encloses_node : forall p Is is k,
  Forall2 contains Is is -> program_wf (length is) p -> Forall node_sound p ->
  (k < length p)%nat ->
  contains (nth k (eval_enclosure p Is) dflt) (nth k (eval_exact p is) 0).
Proof.
  intros p Is is k HI Hwf Hs Hk. apply Forall2_nth_contains.
  - apply eval_program_encloses; assumption.
  - unfold eval_exact; rewrite run_exact_length; simpl; exact Hk.
Qed.

End Enclosure.
