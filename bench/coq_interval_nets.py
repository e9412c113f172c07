#!/usr/bin/python3
"""Networks and Coq files for bench/coq_interval_vs_approxcert.sh (issue 14, against Coq Interval).

  fit WIDTH SEED OUT.json   fit a 2-input, one-hidden-layer tanh network of the given width to
                            sin(x0)*cos(x1) on [-1,1]^2 (Levenberg-Marquardt from a seeded start,
                            numpy, doubles: a quick dirty fit), round every weight to k/256, refit
                            the output layer by least squares against the rounded hidden layer and
                            round it to k/256 too; write the exact dyadics as an approxcert-net/1 file.
                            The committed files bench/data/coq_tanh2d_w*.json came from this; both
                            tools read the weights from them, so the benchmark does not depend on
                            numpy reproducing the fit bit for bit.
  coq NET.json B OUT.v      the Coq statement |net(x,y) - sin x * cos y| <= B on [-1,1]^2 with the
                            net's exact weights (fractions k/256), proved by
                            interval with (i_bisect x, i_bisect y, i_taylor x, EXTRA...);
                            B is an exact decimal. Coq Interval 4.6 has no tanh, so
                            tanh z is written 1 - 2/(exp(2 z) + 1) (equal for every real z).
                            Environment: COQ_EXTRA (extra interval options, e.g. "i_depth 30").
  bound U                   B = U * (1 + 10^-3), exact, as a decimal (U: approxcert's decimal upper end)
  le A B                    exit 0 if the decimal A <= the decimal B (exact), else 1
"""
import json
import sys
from decimal import Decimal
from fractions import Fraction

DEN = 256  # every weight is k / 256


def target(x, y):
    import numpy as np
    return np.sin(x) * np.cos(y)


def forward(p, n, X):
    import numpy as np
    W = p[:2 * n].reshape(n, 2)
    b = p[2 * n:3 * n]
    a = p[3 * n:4 * n]
    c = p[4 * n]
    Z = X @ W.T + b
    H = np.tanh(Z)
    return H @ a + c, H, W, a


def residual_and_jacobian(p, n, X, T):
    import numpy as np
    out, H, W, a = forward(p, n, X)
    r = out - T
    D = (1 - H * H) * a  # d out / d z_j
    J = np.empty((X.shape[0], 4 * n + 1))
    J[:, 0:2 * n:2] = D * X[:, [0]]
    J[:, 1:2 * n:2] = D * X[:, [1]]
    J[:, 2 * n:3 * n] = D
    J[:, 3 * n:4 * n] = H
    J[:, 4 * n] = 1
    return r, J


def fit(width, seed):
    import numpy as np
    rng = np.random.default_rng(seed)
    g = np.linspace(-1, 1, 41)
    X = np.array([(x, y) for x in g for y in g])
    T = target(X[:, 0], X[:, 1])
    n = width
    p = np.concatenate([rng.normal(0, 1.5, 2 * n), rng.normal(0, 1, n), rng.normal(0, 0.5, n), [0.0]])
    lam = 1e-2
    r, J = residual_and_jacobian(p, n, X, T)
    cost = r @ r
    for _ in range(3000):
        A = J.T @ J
        step = np.linalg.solve(A + lam * np.diag(np.diag(A) + 1e-12), -J.T @ r)
        q = p + step
        rq, Jq = residual_and_jacobian(q, n, X, T)
        if rq @ rq < cost:
            p, r, J, cost = q, rq, Jq, rq @ rq
            lam = max(lam / 3, 1e-12)
        else:
            lam *= 4
            if lam > 1e12:
                break
    # Round the hidden layer, refit the output layer (linear least squares), round it.
    p[:3 * n] = np.round(p[:3 * n] * DEN) / DEN
    _, H, _, _ = forward(p, n, X)
    M = np.hstack([H, np.ones((X.shape[0], 1))])
    sol, *_ = np.linalg.lstsq(M, T, rcond=None)
    p[3 * n:] = np.round(sol * DEN) / DEN
    out, _, _, _ = forward(p, n, X)
    k = [int(v) for v in np.round(p * DEN)]
    assert all(Fraction(v, DEN) == Fraction(float(w)) for v, w in zip(k, p))
    return k, float(np.max(np.abs(out - T)))


def frac_text(k):
    f = Fraction(k, DEN)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def write_net(width, seed, path):
    k, err = fit(width, seed)
    n = width
    W = [[frac_text(k[2 * j]), frac_text(k[2 * j + 1])] for j in range(n)]
    net = {
        "format": "approxcert-net/1",
        "input": {"dim": 2},
        "layers": [
            {"type": "dense", "weight": W, "bias": [frac_text(v) for v in k[2 * n:3 * n]]},
            {"type": "tanh"},
            {"type": "dense", "weight": [[frac_text(v) for v in k[3 * n:4 * n]]], "bias": [frac_text(k[4 * n])]},
        ],
    }
    with open(path, "w") as f:
        # one layer per line, so the file stays short and diffable
        f.write('{"format": "approxcert-net/1", "input": {"dim": 2}, "layers": [\n')
        f.write(",\n".join("  " + json.dumps(layer) for layer in net["layers"]))
        f.write("]}\n")
    print(f"width {width} seed {seed}: max |net - target| on the 41x41 grid {err:.3e}", file=sys.stderr)


def coq_real(text):
    """An exact rational of the net file as a Coq real term."""
    f = Fraction(text)
    s = f"{abs(f.numerator)}" if f.denominator == 1 else f"{abs(f.numerator)}/{f.denominator}"
    return f"(-{s})" if f < 0 else f"({s})"


def coq_decimal(text):
    """An exact decimal as a Coq real term m / 10^e (or m * 10^e)."""
    d = Decimal(text)
    sign, digits, exp = d.as_tuple()
    m = int("".join(map(str, digits))) * (-1 if sign else 1)
    return f"({m} / 1{'0' * -exp})" if exp < 0 else f"({m * 10 ** exp})"


def write_coq(net_path, bound, path, extra):
    net = json.load(open(net_path))
    hidden, act, outl = net["layers"]
    assert net["input"]["dim"] == 2 and act["type"] == "tanh" and len(outl["weight"]) == 1
    terms = []
    for row, bias, a in zip(hidden["weight"], hidden["bias"], outl["weight"][0]):
        z = f"{coq_real(row[0])} * x + {coq_real(row[1])} * y + {coq_real(bias)}"
        terms.append(f"  {coq_real(a)} * th ({z})")
    body = " +\n".join(terms) + f" +\n  {coq_real(outl['bias'][0])}"
    opts = "i_bisect x, i_bisect y, i_taylor x" + (", " + extra if extra else "")
    with open(path, "w") as f:
        f.write(f"""(* Generated by bench/coq_interval_nets.py from {net_path.split('/')[-1]}. *)
From Coq Require Import Reals.
From Interval Require Import Tactic.
Open Scope R_scope.

(* tanh z = 1 - 2/(exp(2z) + 1): Coq Interval 4.6 has no tanh. *)
Notation th z := (1 - 2 / (exp (2 * z) + 1)) (only parsing).

Lemma net_vs_target : forall x y : R, -1 <= x <= 1 -> -1 <= y <= 1 ->
  Rabs ((
{body}) - sin x * cos y) <= {coq_decimal(bound)}.
Proof.
  intros x y Hx Hy.
  interval with ({opts}).
Qed.
""")


def main():
    cmd = sys.argv[1]
    if cmd == "fit":
        write_net(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif cmd == "coq":
        import os
        write_coq(sys.argv[2], sys.argv[3], sys.argv[4], os.environ.get("COQ_EXTRA", ""))
    elif cmd == "bound":
        b = Fraction(Decimal(sys.argv[2])) * Fraction(1001, 1000)
        # U is a decimal, so U * 1.001 is a finite decimal: print it exactly.
        print(Decimal(sys.argv[2]) * Decimal("1.001"))
        assert Fraction(Decimal(sys.argv[2]) * Decimal("1.001")) == b
    elif cmd == "le":
        sys.exit(0 if Fraction(Decimal(sys.argv[2])) <= Fraction(Decimal(sys.argv[3])) else 1)
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
