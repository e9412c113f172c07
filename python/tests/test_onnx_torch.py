"""ONNX models made by torch.onnx.export at test time: imported weights equal the float32 bits
exactly, and certified evaluations contain independent references (exact rational arithmetic for
ReLU nets; mpmath at 300 digits for tanh nets)."""
import json
import os
import tempfile
import unittest
from fractions import Fraction

import approxcert
from support import exact_params, exact_relu_mlp, export_onnx, run_cli, tiny_mlp

POINTS = [(Fraction(0), Fraction(0)), (Fraction(1, 3), Fraction(-2, 7)), (Fraction(1), Fraction(1)),
          (Fraction(-5, 4), Fraction(3, 8)), (Fraction(1, 10), Fraction(9, 10))]


class TorchExport(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def export(self, activation, seed=0):
        module = tiny_mlp(activation, seed)
        path = os.path.join(self.dir, activation + ".onnx")
        export_onnx(module, path)
        return module, path

    def test_weights_are_the_float32_values_exactly(self):
        for activation in ("tanh", "relu"):
            module, path = self.export(activation)
            layers = approxcert.weights(approxcert.load(path))
            dense = [layer for layer in layers if layer["type"] == "dense"]
            self.assertEqual([layer["type"] for layer in layers],
                             ["dense", activation, "dense", activation, "dense"])
            for (w, b), layer in zip(exact_params(module), dense):
                self.assertEqual(layer["weight"], w)
                self.assertEqual(layer["bias"], b)
                # each is a float32: a numerator below 2^24 over a power of two
                for v in b + [e for row in w for e in row]:
                    self.assertLess(abs(v.numerator), 2 ** 24)
                    self.assertEqual(v.denominator & (v.denominator - 1), 0)

    def test_onnx_json_and_torch_paths_agree(self):
        module, path = self.export("relu", seed=3)
        json_path = os.path.join(self.dir, "relu.json")
        r = run_cli("import", path, "-o", json_path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote", r.stdout)
        from_onnx, from_json = approxcert.load(path), approxcert.load(json_path)
        self.assertEqual(from_onnx, from_json)
        self.assertEqual(from_onnx, approxcert.from_torch(module))
        with open(json_path) as f:
            self.assertEqual(json.load(f)["format"], "approxcert-net/1")

    def test_relu_enclosures_contain_exact_rational_evaluation(self):
        module, path = self.export("relu", seed=1)
        net = approxcert.load(path)
        for x in POINTS:
            exact = exact_relu_mlp(module, x)[0]
            [(lo, hi)] = approxcert.evaluate(net, x)
            self.assertLessEqual(lo, exact)
            self.assertLessEqual(exact, hi)
            self.assertLess(hi - lo, Fraction(1, 10 ** 30))  # and the enclosure is tight

    def test_tanh_enclosures_contain_mpmath_at_300_digits(self):
        import mpmath
        module, path = self.export("tanh", seed=2)
        net = approxcert.load(path)
        params = exact_params(module)
        mpmath.mp.dps = 300
        for x in POINTS:
            v = [mpmath.mpf(xi.numerator) / xi.denominator for xi in x]
            for k, (w, b) in enumerate(params):
                v = [mpmath.fsum(mpmath.mpf(wi.numerator) / wi.denominator * vi for wi, vi in zip(row, v))
                     + mpmath.mpf(bi.numerator) / bi.denominator for row, bi in zip(w, b)]
                if k < len(params) - 1:
                    v = [mpmath.tanh(vi) for vi in v]
            [(lo, hi)] = approxcert.evaluate(net, x, prec=256)
            # ref is within 1e-290 of the true value; the enclosure is about 1e-70 wide
            ref = v[0]
            self.assertLessEqual(mpmath.mpf(lo.numerator) / lo.denominator, ref)
            self.assertLessEqual(ref, mpmath.mpf(hi.numerator) / hi.denominator)
            self.assertLess(hi - lo, Fraction(1, 10 ** 60))


class BadModels(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def assert_rejected(self, model_path, message):
        out = os.path.join(self.dir, "out.json")
        r = run_cli("import", model_path, "-o", out)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn(message, r.stderr)
        self.assertFalse(os.path.exists(out))  # no partial output
        r = run_cli("eval", "--net", model_path, "--at", "0,0")
        self.assertEqual(r.returncode, 2)
        self.assertIn(message, r.stderr)

    def test_unsupported_operator(self):
        import torch
        module = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Softmax(dim=1))
        path = os.path.join(self.dir, "softmax.onnx")
        export_onnx(module, path)
        self.assert_rejected(path, "(Softmax): unsupported operator Softmax")

    def test_nan_weight(self):
        import torch
        module = torch.nn.Sequential(torch.nn.Linear(2, 2))
        with torch.no_grad():
            module[0].weight[1, 0] = float("nan")
        path = os.path.join(self.dir, "nan.onnx")
        export_onnx(module, path)
        self.assert_rejected(path, "entry 2 is NaN or infinite")

    def test_malformed_file(self):
        path = os.path.join(self.dir, "junk.onnx")
        with open(path, "wb") as f:
            f.write(b"\xff\xfe not a protobuf \x00\x01")
        self.assert_rejected(path, "junk.onnx: neither an approxcert-net/1 JSON file nor a valid ONNX model")

    def test_truncated_model(self):
        module, path = tiny_mlp("relu"), os.path.join(self.dir, "cut.onnx")
        export_onnx(module, path)
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data[: len(data) // 2])
        self.assert_rejected(path, "cut.onnx: ")


if __name__ == "__main__":
    unittest.main()
