"""Plots of certified results, for docs and papers (matplotlib, Agg backend).

Drawing only: every number drawn comes from a certificate written by approxcert (read with the
exact fractions it records where the geometry needs them); nothing here is certified and nothing
here certifies. `python3 -m approxcert.plots --certificates DIR --out DIR` draws every plot that
`make certify` puts into docs/plots/.
"""
import argparse
import glob
import json
import os
import re
from fractions import Fraction

_FACTOR = re.compile(r"\[\s*([^,\]]+)\s*,\s*([^\]]+?)\s*\](?:\s*\^\s*(\d+))?")


def parse_domain(text: str):
    """The box of an exact domain text "[a,b]^k" or "[a1,b1]x[a2,b2]...": a list of (lo, hi) Fractions."""
    box = []
    for lo, hi, power in _FACTOR.findall(text):
        box += [(Fraction(lo), Fraction(hi))] * (int(power) if power else 1)
    if not box:
        raise ValueError("not an exact domain: " + text)
    return box


def decode_cover(cover: dict, box, eliminated=None):
    """The leaves of a supnorm certificate's cover (docs/supnorm.md, "The leaf cover"): a list of
    (box, bound) with bound a float or None (no finite bound), in pre-order. Boxes eliminated by
    the monotonicity test ('M' nodes) are not leaves; their faces are. If `eliminated` is a list,
    the boxes of the 'M' nodes are appended to it."""
    tree, cuts, bounds = cover["tree"], list(cover["cuts"]), list(cover["bounds"])
    monotone = list(cover.get("monotone", []))
    leaves, pos, cut_i, bound_i, mono_i = [], 0, 0, 0, 0
    stack = [list(box)]
    while stack:
        b = stack.pop()
        kind = tree[pos]
        pos += 1
        if kind == "M":
            dim = int(monotone[mono_i][0])
            mono_i += 1
            if eliminated is not None:
                eliminated.append(b)
            faces = []
            if b[dim][0] == box[dim][0]:
                faces.append(b[:dim] + [(box[dim][0], box[dim][0])] + b[dim + 1:])
            if b[dim][1] == box[dim][1]:
                faces.append(b[:dim] + [(box[dim][1], box[dim][1])] + b[dim + 1:])
            stack.extend(reversed(faces))  # the lower face is visited first
            continue
        if kind == "L":
            text = bounds[bound_i]
            bound_i += 1
            leaves.append((b, None if text == "inf" else float(Fraction(text))))
            continue
        cut = cuts[cut_i]
        cut_i += 1
        if isinstance(cut, list):
            dim, at = int(cut[0]), Fraction(cut[1])
        else:
            dim = int(cut)
            at = (b[dim][0] + b[dim][1]) / 2
        low, high = list(b), list(b)
        low[dim] = (b[dim][0], at)
        high[dim] = (at, b[dim][1])
        stack.append(high)  # pre-order: the low child is visited first
        stack.append(low)
    if pos != len(tree):
        raise ValueError("cover tree has %d unused nodes" % (len(tree) - pos))
    return leaves


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_supnorm_certificate(cert_path: str, out_path: str):
    """The leaf cover of a 1-D or 2-D supnorm certificate: each leaf's certified bound on |error|
    (a step function in 1-D, coloured boxes in 2-D), the certified lower bound and its witness."""
    plt = _pyplot()
    with open(cert_path) as f:
        cert = json.load(f)
    if cert.get("kind") != "supnorm" or not cert.get("cover"):
        raise ValueError(cert_path + ": not a supnorm certificate with a recorded cover")
    box = parse_domain(cert["inputs"]["domain"]["exact"])
    eliminated = []
    leaves = decode_cover(cert["cover"], box, eliminated)
    lower, upper = float(Fraction(cert["lower"])), cert["upper"]
    witness = [float(Fraction(w)) for w in cert["witness"]] if cert.get("witness") else None
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    if len(box) == 1:
        for b, bound in sorted(leaves, key=lambda leaf: leaf[0][0][0]):
            if bound is not None:
                ax.hlines(bound, float(b[0][0]), float(b[0][1]), color="tab:blue", linewidth=1.2)
        ax.axhline(lower, color="tab:red", linestyle="--", linewidth=1, label="certified lower bound %.6g" % lower)
        if witness:
            ax.plot(witness[0], lower, "r*", markersize=10, label="witness")
        ax.plot([], [], color="tab:blue", label="certified bound per leaf (%d leaves)" % len(leaves))
        ax.set_xlabel("x0")
        ax.set_ylabel("|error|")
    elif len(box) == 2:
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Rectangle
        def rectangle(b):
            return Rectangle((float(b[0][0]), float(b[1][0])), float(b[0][1] - b[0][0]), float(b[1][1] - b[1][0]))
        if eliminated:
            ax.add_collection(PatchCollection([rectangle(b) for b in eliminated], facecolor="0.92", edgecolor="0.6",
                                              hatch="//", linewidth=0.3))
            ax.add_patch(Rectangle((0, 0), 0, 0, facecolor="0.92", edgecolor="0.6", hatch="//",
                                   label="eliminated by the monotonicity test (%d)" % len(eliminated)))
        finite = [bnd for _, bnd in leaves if bnd is not None]
        values = [bnd if bnd is not None else max(finite, default=0) for _, bnd in leaves]
        # Faces and edges left by the monotonicity test have no area: drawn with a thick edge.
        thin = [min(b[0][1] - b[0][0], b[1][1] - b[1][0]) == 0 for b, _ in leaves]
        coll = PatchCollection([rectangle(b) for b, _ in leaves], cmap="viridis", edgecolor="white",
                               linewidth=[3 if t else 0.2 for t in thin])
        coll.set_array(values)
        if any(thin):
            coll.set_edgecolor([coll.cmap(coll.norm(v)) if t else "white" for v, t in zip(values, thin)])
        ax.add_collection(coll)
        fig.colorbar(coll, ax=ax, label="certified bound on |error| per leaf")
        if witness:
            ax.plot(witness[0], witness[1], "r*", markersize=12, label="witness, |error| >= %.6g" % lower)
        ax.set_xlim(float(box[0][0]), float(box[0][1]))
        ax.set_ylim(float(box[1][0]), float(box[1][1]))
        ax.set_xlabel("x0")
        ax.set_ylabel("x1")
    else:
        raise ValueError(cert_path + ": only 1-D and 2-D covers are drawn")
    ax.set_title("%s: sup |error| in [%.6g, %s] (%s)" % (cert["inputs"]["target"].get("expression", "target"), lower, upper,
                                                          cert["status"]), fontsize=9)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    fig.savefig(out_path, dpi=110)
    plt.close(fig)


def _step(cert: dict, step_id: str) -> dict:
    for s in cert["steps"]:
        if s["id"] == step_id:
            return s
    raise KeyError(step_id)


def _side_upper(side: dict) -> float:
    return float(Fraction(side["exact"] if "exact" in side else side["upper"]))


def plot_error_against_size(points, xlabel: str, title: str, out_path: str, rate=None, rate_label: str = ""):
    """Certified errors (x, upper) on log-log axes, with the theorem's rate (x, value) beside them."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(5.6, 3.8))
    xs, ys = zip(*sorted(points))
    ax.loglog(xs, ys, "o-", color="tab:blue", label="certified error (upper bound)")
    if rate:
        rx, ry = zip(*sorted(rate))
        ax.loglog(rx, ry, "s--", color="tab:gray", label=rate_label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("error")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out_path, dpi=110)
    plt.close(fig)


def paper_plots(certificates: str, out: str):
    """The per-paper plots of docs/plots/ from the certificates under `certificates`; returns the files written."""
    written = []
    # Altabaa & Lafferty, Theorem 3.1 on r(x, y) = x sin(3y): the certified sup error (V5) against the
    # number m of Voronoi cells, beside the modulus bound (L_x + L_y) delta, L_x = 1, L_y = 3, delta from V4.
    pts, rate = [], []
    for path in glob.glob(os.path.join(certificates, "altabaa2024", "thm31-xsin3y-m*.json")):
        with open(path) as f:
            cert = json.load(f)
        m = int(cert["parameters"]["m"])
        pts.append((m, _side_upper(_step(cert, "V5")["lhs"])))
        rate.append((m, 4 * _side_upper(_step(cert, "V4")["lhs"])))
    if pts:
        name = os.path.join(out, "altabaa2024-thm31-error-vs-m.png")
        plot_error_against_size(pts, "m (Voronoi sites per axis)", "Altabaa Thm 3.1, r = x sin(3y): error vs m", name,
                                rate, "modulus bound (1 + 3) delta")
        written.append(name)
    # Yun et al., Theorem 2 (d = 1, n = 3, tight thresholds): the certified duplicate-cell error (Y-13,
    # exact) against delta, beside the theorem's union bound for it (Y-13's right side).
    pts, rate = [], []
    for path in glob.glob(os.path.join(certificates, "yun2020", "s44-d1n3N*-tight.json")):
        with open(path) as f:
            cert = json.load(f)
        delta = float(Fraction(cert["parameters"]["delta"]))
        y13 = _step(cert, "Y-13")
        pts.append((delta, _side_upper(y13["lhs"])))
        rate.append((delta, _side_upper(y13["rhs"])))
    if pts:
        name = os.path.join(out, "yun2020-y13-error-vs-delta.png")
        plot_error_against_size(pts, "delta", "Yun Thm 2 (d = 1, n = 3): duplicate-cell error vs delta", name, rate,
                                "the theorem's union bound (Y-13)")
        written.append(name)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m approxcert.plots", description=__doc__.splitlines()[0])
    parser.add_argument("--certificates", default="docs/certificates", help="chain certificates (check --out)")
    parser.add_argument("--supnorm", nargs="*", default=[], help="supnorm certificates whose cover to draw")
    parser.add_argument("--out", default="docs/plots", help="folder for the PNG files")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    written = paper_plots(args.certificates, args.out)
    for cert in args.supnorm:
        name = os.path.join(args.out, re.sub(r"(\.cert)?\.json$", "", os.path.basename(cert)) + "-cover.png")
        plot_supnorm_certificate(cert, name)
        written.append(name)
    for w in written:
        print("wrote", w)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
