"""Transformer blocks made by torch.onnx.export at test time (self-attention with its residual Add,
layer normalisation as the opset-17 operator and as the decomposed ReduceMean/Sub/Pow/Sqrt/Div
pattern of opset 14, a learned positional embedding, a tokenwise MLP after the block): imported
and evaluated with certified balls, which must contain an independent reference, the block's
definition below evaluated by mpmath at 300 digits from the exact float32 weights. PyTorch's
float64 forward pass must agree too, to 1e-6: the exported graph holds the scale sqrt(dk) and the
LayerNorm epsilon as float32 numbers where the float64 pass uses doubles (a relative change near
2^-24), and the values are of order 1, so a wrong import (a transposition, a lost bias, softmax over
the wrong axis) moves them by their own order of magnitude. Bad graphs give one message naming the
node."""
import copy
import math
import os
import tempfile
import unittest
from fractions import Fraction

import approxcert
from support import run_cli

N, D, DK, DV = 4, 3, 2, 2
POINTS = [[[Fraction(0)] * D for _ in range(N)],
          [[Fraction(i - r, 3) for r in range(D)] for i in range(N)],
          [[Fraction((7 * i + 3 * r) % 5 - 2, 4) for r in range(D)] for i in range(N)]]
MPMATH_ERROR = Fraction(1, 10 ** 280)  # mpmath at 300 digits, a few hundred operations


def block_class():
    import torch

    class Block(torch.nn.Module):
        """X + softmax(Q K^T / sqrt(dk)) V W_O^T + b_O, then LayerNorm; optionally a positional
        embedding before and a ReLU MLP after (each token)."""

        def __init__(self, positional=False, mlp=False, softmax=True, layer_norm=True, d=D, dk=DK, dv=DV):
            super().__init__()
            self.q, self.k = torch.nn.Linear(d, dk), torch.nn.Linear(d, dk)
            self.v, self.o = torch.nn.Linear(d, dv), torch.nn.Linear(dv, d)
            self.ln = torch.nn.LayerNorm(d) if layer_norm else None
            self.pos = torch.nn.Parameter(torch.randn(N, D)) if positional else None
            self.mlp = torch.nn.Sequential(torch.nn.Linear(D, 5), torch.nn.ReLU(), torch.nn.Linear(5, 2)) if mlp else None
            self.softmax = softmax
            if layer_norm:
                with torch.no_grad():  # a LayerNorm with weights that are not 1 and 0
                    self.ln.weight.uniform_(0.5, 1.5)
                    self.ln.bias.uniform_(-0.5, 0.5)

        def forward(self, x):
            if self.pos is not None:
                x = x + self.pos
            s = self.q(x) @ self.k(x).transpose(-2, -1) / math.sqrt(self.q.out_features)
            a = torch.softmax(s, dim=-1) if self.softmax else s
            y = x + self.o(a @ self.v(x))
            y = self.ln(y) if self.ln is not None else y
            return self.mlp(y) if self.mlp is not None else y

    return Block


def exact(t):
    return [Fraction(v) for v in t.detach().double().flatten().tolist()]  # float32 -> double: exact


def mp_reference(block, x):
    """The block's definition at exact x, in mpmath at 300 digits from the exact weights."""
    import mpmath
    mpmath.mp.dps = 300

    def mpf(f):
        return mpmath.mpf(f.numerator) / f.denominator

    def linear(layer, rows):
        w, b = exact(layer.weight), exact(layer.bias)
        m, k = layer.weight.shape
        return [[mpmath.fsum(mpf(w[r * k + c]) * row[c] for c in range(k)) + mpf(b[r]) for r in range(m)] for row in rows]

    N, D, DK, DV = len(x), len(x[0]), block.q.out_features, block.v.out_features
    X = [[mpf(v) for v in row] for row in x]
    if block.pos is not None:
        pos = exact(block.pos)
        X = [[X[i][r] + mpf(pos[i * D + r]) for r in range(D)] for i in range(N)]
    Q, K, V = linear(block.q, X), linear(block.k, X), linear(block.v, X)
    scale = 1 / mpf(Fraction(float(__import__("torch").tensor(math.sqrt(DK), dtype=__import__("torch").float32))))
    Y = []
    for j in range(N):
        s = [mpmath.fsum(Q[j][c] * K[i][c] for c in range(DK)) * scale for i in range(N)]
        if block.softmax:
            top = max(s)
            e = [mpmath.exp(v - top) for v in s]
            s = [v / mpmath.fsum(e) for v in e]
        Y.append([mpmath.fsum(s[i] * V[i][c] for i in range(N)) for c in range(DV)])
    Y = linear(block.o, Y)
    Y = [[X[i][r] + Y[i][r] for r in range(D)] for i in range(N)]
    if block.ln is None:
        return [v for row in Y for v in row]
    eps = mpf(Fraction(float(__import__("torch").tensor(block.ln.eps, dtype=__import__("torch").float32))))
    g, b = exact(block.ln.weight), exact(block.ln.bias)
    out = []
    for row in Y:
        mean = mpmath.fsum(row) / D
        var = mpmath.fsum((v - mean) ** 2 for v in row) / D
        out.append([(row[r] - mean) / mpmath.sqrt(var + eps) * mpf(g[r]) + mpf(b[r]) for r in range(D)])
    if block.mlp is not None:
        out = linear(block.mlp[2], [[max(v, 0) for v in row] for row in linear(block.mlp[0], out)])
    return [v for row in out for v in row]


class AttentionBlocks(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def export(self, block, shape, opset, name):
        import torch
        path = os.path.join(self.tmp.name, name + ".onnx")
        torch.onnx.export(block, torch.zeros(*shape), path, opset_version=opset)
        return path

    def check_block(self, seed, shape, opset, **kw):
        import mpmath
        import torch
        torch.manual_seed(seed)
        block = block_class()(**kw).eval()
        net = approxcert.load(self.export(block, shape, opset, "block%d" % seed))
        layers = [layer["type"] for layer in approxcert.weights(net)]
        self.assertIn("attention", layers)
        self.assertEqual(net.input_dim, N * D)
        for x in POINTS:
            ref = mp_reference(block, x)
            out = approxcert.evaluate(net, [v for row in x for v in row], prec=256)
            with torch.no_grad():
                f64 = block.double()(torch.tensor([[float(v) for v in row] for row in x], dtype=torch.float64).reshape(shape))
                block.float()
            f64 = f64.flatten().tolist()
            self.assertEqual(len(out), len(ref))
            for (lo, hi), r, f in zip(out, ref, f64):
                lo_mp, hi_mp = mpmath.mpf(lo.numerator) / lo.denominator, mpmath.mpf(hi.numerator) / hi.denominator
                err = mpmath.mpf(MPMATH_ERROR.numerator) / MPMATH_ERROR.denominator
                self.assertLessEqual(lo_mp, r + err)
                self.assertLessEqual(r - err, hi_mp)
                self.assertLess(hi - lo, Fraction(1, 10 ** 60))
                self.assertLess(abs(float(r) - f), 1e-6)
        return layers

    def test_block_gemm_decomposed_layer_norm(self):  # input [N, D]: Gemm projections; opset 14
        layers = self.check_block(0, (N, D), 14)
        self.assertEqual(layers, ["attention", "tokenwise"])

    def test_block_matmul_layer_normalization_operator(self):  # input [1, N, D]: MatMul + Add; opset 17
        self.check_block(1, (1, N, D), 17)

    def test_block_with_positional_embedding_and_mlp(self):
        layers = self.check_block(2, (1, N, D), 17, positional=True, mlp=True)
        self.assertEqual(layers, ["positional_encoding", "attention", "tokenwise"])

    def test_linear_attention_without_softmax(self):  # zero key/value biases required
        import torch
        torch.manual_seed(3)
        block = block_class()(softmax=False)
        with torch.no_grad():
            block.k.bias.zero_()
            block.v.bias.zero_()
        self.check_block_module(block)

    def check_block_module(self, block):
        import mpmath
        net = approxcert.load(self.export(block.eval(), (N, D), 17, "linear"))
        for x in POINTS:
            ref = mp_reference(block, x)
            out = approxcert.evaluate(net, [v for row in x for v in row], prec=256)
            for (lo, hi), r in zip(out, ref):
                err = mpmath.mpf(MPMATH_ERROR.numerator) / MPMATH_ERROR.denominator
                self.assertLessEqual(mpmath.mpf(lo.numerator) / lo.denominator, r + err)
                self.assertLessEqual(r - err, mpmath.mpf(hi.numerator) / hi.denominator)

    def test_gemm_and_matmul_exports_import_alike(self):
        import torch
        torch.manual_seed(4)
        block = block_class()().eval()
        a = approxcert.load(self.export(block, (N, D), 17, "a"))
        self.assertEqual(a, approxcert.load(self.export(block, (1, N, D), 14, "b")))  # same network both ways


class BlockAgainstPrunedCopy(unittest.TestCase):
    def test_supnorm_certificate_and_independent_references(self):
        """sup |pruned - block| (output 0) over [0,1]^4 for a 2-token, 2-feature block: the CLI certificate
        verifies, Python gets the same enclosure, the witness's mpmath error reaches `lower` and
        no sampled point's mpmath error exceeds `upper`."""
        import mpmath
        import torch
        torch.manual_seed(0)
        block = block_class()(layer_norm=False, d=2, dk=2, dv=2).eval()
        pruned = copy.deepcopy(block)
        with torch.no_grad():
            for p in pruned.parameters():
                p.copy_(torch.where(p.abs() < 0.2, torch.zeros_like(p), p))
        with tempfile.TemporaryDirectory() as work:
            for name, module in (("a", block), ("b", pruned)):
                torch.onnx.export(module, torch.zeros(2, 2), os.path.join(work, name + ".onnx"), opset_version=17)
            r = run_cli("supnorm", "--net", "a.onnx", "--target-net", "b.onnx", "--domain", "[0,1]^4", "--rel-tol", "1e-2",
                        "--cert", "cert.json", cwd=work)
            self.assertEqual(r.returncode, 0, r.stderr)
            v = run_cli("verify", "cert.json", cwd=work)
            self.assertEqual(v.returncode, 0, v.stdout + v.stderr)
            res = approxcert.supnorm(approxcert.load(os.path.join(work, "a.onnx")),
                                     approxcert.load(os.path.join(work, "b.onnx")), "[0,1]^4", rel_tol="1e-2")
        self.assertEqual(res.status, "converged")
        self.assertGreater(res.lower, 0)
        err = mpmath.mpf(10) ** -280

        def gap(point):  # output 0 (token 0, feature 0): the one supnorm bounds by default
            x = [point[0:2], point[2:4]]
            return abs(mp_reference(pruned, x)[0] - mp_reference(block, x)[0])

        lower = mpmath.mpf(res.lower.numerator) / res.lower.denominator
        upper = mpmath.mpf(res.upper.numerator) / res.upper.denominator
        self.assertLessEqual(lower, gap(res.witness) + err)
        for k in range(20):
            point = [Fraction((7 * k + 3 * i) % 11, 10) for i in range(4)]
            self.assertLessEqual(gap(point), upper + err)


class BadAttentionGraphs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def assert_rejected(self, module, shape, message, opset=14):
        import torch
        path = os.path.join(self.tmp.name, "bad.onnx")
        torch.onnx.export(module, torch.zeros(*shape), path, opset_version=opset)
        out = os.path.join(self.tmp.name, "out.json")
        r = run_cli("import", path, "-o", out)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn(message, r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_pre_norm_residual_is_named(self):
        import torch

        class PreNorm(torch.nn.Module):  # x + attention(ln(x)): the residual skips the normalisation
            def __init__(self):
                super().__init__()
                self.ln = torch.nn.LayerNorm(D)
                self.q, self.k, self.v = torch.nn.Linear(D, DK), torch.nn.Linear(D, DK), torch.nn.Linear(D, D)

            def forward(self, x):
                h = self.ln(x)
                return x + torch.softmax(self.q(h) @ self.k(h).transpose(-2, -1), dim=-1) @ self.v(h)

        self.assert_rejected(PreNorm(), (N, D), "(Add): uses 'input', which is not the network's current value")

    def test_softmax_over_the_queries(self):
        import torch

        class WrongAxis(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.q, self.k = torch.nn.Linear(D, DK), torch.nn.Linear(D, DK)

            def forward(self, x):
                return x + torch.softmax(self.q(x) @ self.k(x).transpose(-2, -1), dim=0) @ x

        self.assert_rejected(WrongAxis(), (N, D), "(Softmax): takes the softmax over axis 0 of the data of shape [4,4]")

    def test_unsupported_operator_in_the_block(self):
        import torch

        class Gelu(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.q = torch.nn.Linear(D, D)

            def forward(self, x):
                return x + torch.nn.functional.gelu(self.q(x))

        self.assert_rejected(Gelu(), (N, D), "is not part of a supported pattern (self-attention or layer normalisation): Erf")


if __name__ == "__main__":
    unittest.main()
