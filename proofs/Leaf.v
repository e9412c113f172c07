(** * The tactic that closes exported numeric leaves

    A numeric leaf is a closed statement over exact rational constants, e.g.
    [(INR 3 - 1) * exp (- (530 * (1 / 100))) * 1 <= 1 / 100] or
    [INR 5 * (2 * (9004 / 10000) * (5536 / 1000000) + (5536 / 1000000) ^ 2) <= 1 / 20].
    Exact (purely rational) claims are decided by [lra] after expanding natural powers and
    naturals; claims with transcendental functions go to Coq Interval with increasing precision.
    examples/ExportExample.v shows the files [approxcert coq] writes (docs/proofs.md). *)
From Coq Require Import Reals Lra.
From Interval Require Import Tactic.
From Approxcert Require Export SciReal.
Open Scope R_scope.

Ltac approxcert_leaf :=
  lazymatch goal with
  | |- context [sci _ _] => sci_leaf
  | |- _ =>
      rewrite ?INR_IZR_INZ; simpl Z.of_nat;
      first
        [ lra
        | (simpl pow; lra)
        | interval
        | interval with (i_prec 100)
        | interval with (i_prec 300)
        | fail 1 "approxcert_leaf: neither lra nor interval (up to 300 bits) proves this leaf" ]
  end.
