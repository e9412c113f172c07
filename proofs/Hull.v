(** * Interval enclosures of kinks, branches and hardmax

    Concrete enclosures [[lo, hi]] (an instance of the abstract [contains] of Enclosure.v, see
    [itv_add_extension]) and the hull rules the C++ scalar layer and evaluator use where an
    operation has a kink or a tie:
    - a function whose value is always one of two branches is enclosed by the hull of the
      branches' enclosures ([branch_hull_encloses]); relu and step on an interval that
      straddles 0 are instances ([relu_hull_encloses], [step_hull_encloses]);
    - a nondecreasing function is enclosed by its values at the endpoints ([monotone_encloses]);
    - hardmax: the exact output is the average of the values over the (unknown) argmax set; it
      lies in the hull of the enclosures of the candidate values ([hardmax_hull_encloses]),
      and every argmax index survives the candidate filter ([argmax_is_candidate]); under the
      tie rules first/last the winner survives the stricter filter too
      ([tie_winner_is_candidate], [tie_rule_hull_encloses]). *)
From Coq Require Import Reals List Lra Lia.
From Approxcert Require Import Enclosure.
Import ListNotations.
Open Scope R_scope.

Record itv := Itv { lo : R; hi : R }.

Definition in_itv (X : itv) (x : R) : Prop := lo X <= x <= hi X.

Definition point (c : R) : itv := Itv c c.

Definition hull (X Y : itv) : itv := Itv (Rmin (lo X) (lo Y)) (Rmax (hi X) (hi Y)).

Lemma point_contains : forall c, in_itv (point c) c.
Proof. intros c; unfold in_itv; simpl; lra. Qed.

Lemma hull_contains_l : forall X Y x, in_itv X x -> in_itv (hull X Y) x.
Proof.
  intros X Y x [H1 H2]; unfold in_itv, hull; simpl. split.
  - eapply Rle_trans; [apply Rmin_l | exact H1].
  - eapply Rle_trans; [exact H2 | apply Rmax_l].
Qed.

Lemma hull_contains_r : forall X Y y, in_itv Y y -> in_itv (hull X Y) y.
Proof.
  intros X Y y [H1 H2]; unfold in_itv, hull; simpl. split.
  - eapply Rle_trans; [apply Rmin_r | exact H1].
  - eapply Rle_trans; [exact H2 | apply Rmax_r].
Qed.

(** Sound interval addition with exact endpoints: an [extension2] in the sense of Enclosure.v. *)
Definition itv_add (X Y : itv) : itv := Itv (lo X + lo Y) (hi X + hi Y).

Lemma itv_add_extension : extension2 in_itv Rplus itv_add.
Proof. intros X Y x y [Hx1 Hx2] [Hy1 Hy2]; unfold in_itv, itv_add; simpl; lra. Qed.

(** ** Branches and kinks *)

(** If [f x] is always [g x] or [h x], the hull of enclosures of both branches encloses [f x]:
    this is how an operation is enclosed when the sign of its argument is not decided. *)
Lemma branch_hull_encloses : forall (f g h : R -> R) G H x,
  (forall t, f t = g t \/ f t = h t) ->
  in_itv G (g x) -> in_itv H (h x) -> in_itv (hull G H) (f x).
Proof.
  intros f g h G H x Hb HG HH. destruct (Hb x) as [E|E]; rewrite E;
    [apply hull_contains_l | apply hull_contains_r]; assumption.
Qed.

Definition relu (t : R) : R := Rmax t 0.

(** The threshold used by the C++ [Op::Step]: 1 if [t >= 0], else 0. *)
Definition step (t : R) : R := if Rle_dec 0 t then 1 else 0.

(** relu on any interval (in particular one straddling 0) lies in the hull of [X] and [0]. *)
Lemma relu_hull_encloses : forall X x, in_itv X x -> in_itv (hull X (point 0)) (relu x).
Proof.
  intros X x Hx. apply (branch_hull_encloses relu (fun t => t) (fun _ => 0)).
  - intros t; unfold relu, Rmax; destruct (Rle_dec t 0); auto.
  - exact Hx.
  - apply point_contains.
Qed.

(** step on any interval lies in the hull of its two branch values, [0, 1]. *)
Lemma step_hull_encloses : forall x, in_itv (hull (point 1) (point 0)) (step x).
Proof.
  intros x. apply (branch_hull_encloses step (fun _ => 1) (fun _ => 0)).
  - intros t; unfold step; destruct (Rle_dec 0 t); auto.
  - apply point_contains.
  - apply point_contains.
Qed.

Lemma step_in_unit : forall x, 0 <= step x <= 1.
Proof. intros x; unfold step; destruct (Rle_dec 0 x); lra. Qed.

(** A nondecreasing function maps [[lo, hi]] into [[f lo, f hi]]. *)
Lemma monotone_encloses : forall (f : R -> R) X x,
  (forall a b, a <= b -> f a <= f b) -> in_itv X x -> in_itv (Itv (f (lo X)) (f (hi X))) (f x).
Proof. intros f X x Hm [H1 H2]; unfold in_itv; simpl; split; apply Hm; assumption. Qed.

Lemma relu_monotone : forall a b, a <= b -> relu a <= relu b.
Proof.
  intros a b H; unfold relu, Rmax.
  destruct (Rle_dec a 0), (Rle_dec b 0); lra.
Qed.

(** The tight relu enclosure [[relu lo, relu hi]] is an extension. *)
Lemma relu_extension : extension1 in_itv relu (fun X => Itv (relu (lo X)) (relu (hi X))).
Proof. intros X x Hx. apply monotone_encloses; [exact relu_monotone | exact Hx]. Qed.

(** [max] and [min] are nondecreasing in each argument, so applying them to the endpoints is an
    extension, also when the arguments overlap (the kink); the C++ piecewise-linear node is a
    composition of these with [sub] and [addmul]. *)
Lemma max_extension : extension2 in_itv Rmax (fun X Y => Itv (Rmax (lo X) (lo Y)) (Rmax (hi X) (hi Y))).
Proof.
  intros X Y x y [Hx1 Hx2] [Hy1 Hy2]; unfold in_itv; simpl. unfold Rmax.
  destruct (Rle_dec (lo X) (lo Y)), (Rle_dec x y), (Rle_dec (hi X) (hi Y)); lra.
Qed.

Lemma min_extension : extension2 in_itv Rmin (fun X Y => Itv (Rmin (lo X) (lo Y)) (Rmin (hi X) (hi Y))).
Proof.
  intros X Y x y [Hx1 Hx2] [Hy1 Hy2]; unfold in_itv; simpl. unfold Rmin.
  destruct (Rle_dec (lo X) (lo Y)), (Rle_dec x y), (Rle_dec (hi X) (hi Y)); lra.
Qed.

(** ** Hardmax *)

Fixpoint list_sum (l : list R) : R := match l with [] => 0 | x :: r => x + list_sum r end.

Definition average (l : list R) : R := list_sum l / INR (length l).

Lemma list_sum_bounds : forall l a b, (forall x, In x l -> a <= x <= b) ->
  INR (length l) * a <= list_sum l <= INR (length l) * b.
Proof.
  intros l a b H; induction l as [|x l IH]; simpl length; simpl list_sum.
  - simpl; lra.
  - rewrite S_INR. assert (Hx : a <= x <= b) by (apply H; left; reflexivity).
    assert (IH' : INR (length l) * a <= list_sum l <= INR (length l) * b)
      by (apply IH; intros; apply H; right; assumption). lra.
Qed.

(** The average of a nonempty list lies between any common lower and upper bound of its
    elements (in particular between their min and max). *)
Lemma average_between : forall l a b, l <> [] -> (forall x, In x l -> a <= x <= b) ->
  a <= average l <= b.
Proof.
  intros l a b Hne H. unfold average.
  assert (Hn : 0 < INR (length l)).
  { destruct l as [|x l]; [congruence|]. simpl length. rewrite S_INR. pose proof (pos_INR (length l)). lra. }
  destruct (list_sum_bounds l a b H) as [H1 H2]. split.
  - apply (Rmult_le_reg_r (INR (length l))); [exact Hn|].
    unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra. lra.
  - apply (Rmult_le_reg_r (INR (length l))); [exact Hn|].
    unfold Rdiv; rewrite Rmult_assoc, Rinv_l by lra. lra.
Qed.

(** The hull of an enclosure and a list of enclosures, folded left to right like the C++ loop
    [r = V[c0]; for (c : cand) hull(r, r, V[c])]. *)
Fixpoint hull_of (X : itv) (Ys : list itv) : itv :=
  match Ys with [] => X | Y :: Ys' => hull_of (hull X Y) Ys' end.

Lemma hull_of_contains_acc : forall Ys X x, in_itv X x -> in_itv (hull_of X Ys) x.
Proof.
  intros Ys; induction Ys as [|Y Ys IH]; intros X x Hx; simpl; [exact Hx|].
  apply IH, hull_contains_l, Hx.
Qed.

Lemma hull_of_contains : forall Ys X Y y, In Y Ys -> in_itv Y y -> in_itv (hull_of X Ys) y.
Proof.
  intros Ys; induction Ys as [|Z Ys IH]; intros X Y y HIn Hy; simpl in *; [contradiction|].
  destruct HIn as [<-|HIn].
  - apply hull_of_contains_acc, hull_contains_r, Hy.
  - eapply IH; eassumption.
Qed.

(** Hardmax over enclosed values: the exact output is [average (map v A)] for the argmax set [A];
    if [A] is a nonempty subset of the candidates and every candidate's value [v c] is enclosed
    by [V c], then the hull of the candidates' enclosures encloses the output. *)
Theorem hardmax_hull_encloses : forall (v : nat -> R) (V : nat -> itv) (A cand : list nat) X0,
  A <> [] -> incl A cand -> (forall c, In c cand -> in_itv (V c) (v c)) ->
  in_itv (hull_of X0 (map V cand)) (average (map v A)).
Proof.
  intros v V A cand X0 HA Hincl HV.
  set (H := hull_of X0 (map V cand)).
  assert (Hall : forall x, In x (map v A) -> lo H <= x <= hi H).
  { intros x Hx. apply in_map_iff in Hx as [a [<- Ha]].
    apply (hull_of_contains (map V cand) X0 (V a)).
    - apply in_map, Hincl, Ha.
    - apply HV, Hincl, Ha. }
  apply average_between; [|exact Hall].
  destruct A; [congruence | discriminate].
Qed.

(** [certainly_less X Y]: every point of [X] is below every point of [Y] (what the C++ [less]
    returns as [Truth::True]). *)
Definition certainly_less (X Y : itv) : Prop := hi X < lo Y.

Lemma certainly_less_sound : forall X Y x y,
  in_itv X x -> in_itv Y y -> certainly_less X Y -> x < y.
Proof. intros X Y x y [_ Hx] [Hy _] H; unfold certainly_less in H; lra. Qed.

(** An index attaining the maximal score is never certainly below another score, so the C++
    candidate filter keeps every argmax index (hence [A] is a subset of the candidates). *)
Lemma argmax_is_candidate : forall (s : nat -> R) (S : nat -> itv) j i,
  (forall k, in_itv (S k) (s k)) -> s i <= s j -> ~ certainly_less (S j) (S i).
Proof.
  intros s S j i HS Hmax Hl. pose proof (certainly_less_sound _ _ _ _ (HS j) (HS i) Hl). lra.
Qed.

(** ** Hardmax tie rules

    Under the rules "first" ("last") the output is the value of the smallest (largest) index
    [w] of the argmax set. The C++ filter also drops [j] when some [i < j] ([i > j]) has
    [s_j <= s_i] for certain ([certainly_le (S j) (S i)]). The winner survives: every score before
    (after) it is strictly below it, so no such [i] exists; and being maximal it survives the
    [certainly_less] filter too ([argmax_is_candidate]). The output [v w] is then the average
    of the one-element argmax set [[w]], so [hardmax_hull_encloses] applies with [A = [w]]. *)
Definition certainly_le (X Y : itv) : Prop := hi X <= lo Y.

Lemma certainly_le_sound : forall X Y x y,
  in_itv X x -> in_itv Y y -> certainly_le X Y -> x <= y.
Proof. intros X Y x y [_ Hx] [Hy _] H; unfold certainly_le in H; lra. Qed.

Lemma tie_winner_is_candidate : forall (s : nat -> R) (S : nat -> itv) w i,
  (forall k, in_itv (S k) (s k)) -> s i < s w -> ~ certainly_le (S w) (S i).
Proof.
  intros s S w i HS Hlt Hle. pose proof (certainly_le_sound _ _ _ _ (HS w) (HS i) Hle). lra.
Qed.

Theorem tie_rule_hull_encloses : forall (v : nat -> R) (V : nat -> itv) (w : nat) cand X0,
  In w cand -> (forall c, In c cand -> in_itv (V c) (v c)) ->
  in_itv (hull_of X0 (map V cand)) (v w).
Proof.
  intros v V w cand X0 Hw HV.
  replace (v w) with (average (map v [w])) by (unfold average; simpl; field).
  apply hardmax_hull_encloses; [discriminate | intros x [<-|[]]; exact Hw | exact HV].
Qed.
