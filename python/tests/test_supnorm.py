"""approxcert.supnorm from Python and `supnorm --target-net` on the command line: a trained ReLU
MLP against a target expression and against a pruned copy of itself. Independent reference: the
error |A(x) - B(x)| computed in exact rational arithmetic (ReLU nets) at the witness and at many
random exact points must lie within [lower at the witness, upper everywhere]."""
import copy
import json
import os
import random
import shutil
import tempfile
import unittest
from fractions import Fraction

import approxcert
from support import exact_relu_mlp, export_onnx, run_cli, tiny_mlp


def pruned(module, fraction=0.3):
    """A copy with the smallest `fraction` of each Linear weight matrix set to 0."""
    import torch
    p = copy.deepcopy(module)
    with torch.no_grad():
        for layer in p:
            if isinstance(layer, torch.nn.Linear):
                w = layer.weight
                k = int(fraction * w.numel())
                cut = w.abs().flatten().kthvalue(k).values
                w[w.abs() <= cut] = 0
    return p


class SupNorm(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        cls.module = tiny_mlp("relu", seed=4)
        cls.small = pruned(cls.module)
        cls.path = os.path.join(cls.dir, "mlp.onnx")
        cls.pruned_path = os.path.join(cls.dir, "pruned.onnx")
        export_onnx(cls.module, cls.path)
        export_onnx(cls.small, cls.pruned_path)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def error(self, x):
        return abs(exact_relu_mlp(self.module, x)[0] - exact_relu_mlp(self.small, x)[0])

    def test_network_against_pruned_copy(self):
        net, small = approxcert.load(self.path), approxcert.load(self.pruned_path)
        r = approxcert.supnorm(net, small, "[0,1]^2", rel_tol="1e-4")
        self.assertEqual(r.status, "converged")
        self.assertIsInstance(r.lower, Fraction)
        self.assertIsInstance(r.upper, Fraction)
        self.assertGreater(r.lower, 0)
        self.assertLessEqual(r.upper, r.lower * (1 + Fraction(1, 10 ** 4)))
        self.assertTrue(all(isinstance(w, Fraction) and 0 <= w <= 1 for w in r.witness))
        self.assertGreaterEqual(self.error(r.witness), r.lower)  # exact reference at the witness
        rng = random.Random(7)
        for _ in range(300):
            x = [Fraction(rng.randrange(0, 2 ** 20), 2 ** 20) for _ in range(2)]
            self.assertLessEqual(self.error(x), r.upper)
        corners = [self.error([Fraction(a), Fraction(b)]) for a in (0, 1) for b in (0, 1)]
        self.assertLessEqual(max(corners), r.upper)

    def test_network_against_expression(self):
        net = approxcert.from_torch(self.module)
        r = approxcert.supnorm(net, "x0*x1", "[0,1]x[0,1]", rel_tol=Fraction(1, 1000))
        self.assertEqual(r.status, "converged")
        exact_at_witness = abs(r.witness[0] * r.witness[1] - exact_relu_mlp(self.module, r.witness)[0])
        self.assertGreaterEqual(exact_at_witness, r.lower)
        self.assertLessEqual(r.lower, r.upper)

    def test_bad_python_input(self):
        net = approxcert.load(self.path)
        with self.assertRaises(TypeError):
            approxcert.supnorm(net, "x0", "[0,1]^2", rel_tol=0.001)  # floats are refused
        with self.assertRaisesRegex(ValueError, "domain"):
            approxcert.supnorm(net, "x0", "[0,1]^3")
        with self.assertRaisesRegex(ValueError, r"the target network has 1 output \(indices 0\.\.0\), got 1"):
            approxcert.supnorm(net, net, "[0,1]^2", target_output=1)

    def test_cli_target_net_certificate_verifies(self):
        work = os.path.join(self.dir, "cli")
        os.makedirs(work, exist_ok=True)
        shutil.copy(self.path, os.path.join(work, "a.onnx"))
        shutil.copy(self.pruned_path, os.path.join(work, "b.onnx"))
        r = run_cli("supnorm", "--net", "a.onnx", "--target-net", "b.onnx", "--domain", "[0,1]^2",
                    "--rel-tol", "1e-3", "--cert", "cert.json", cwd=work)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("sup |target_net - net|", r.stdout)
        with open(os.path.join(work, "cert.json")) as f:
            cert = json.load(f)
        self.assertEqual(cert["inputs"]["target_net"]["path"], "b.onnx")
        self.assertEqual(len(cert["inputs"]["target_net"]["sha256"]), 64)
        self.assertEqual(len(cert["inputs"]["net"]["sha256"]), 64)
        self.assertNotIn("target", cert["inputs"])
        v = run_cli("verify", "cert.json", cwd=work)
        self.assertEqual(v.returncode, 0, v.stdout + v.stderr)
        report = approxcert.verify(os.path.join(work, "cert.json"))
        self.assertTrue(report.ok, report.problems)
        # a different target network file no longer matches the certificate
        shutil.copy(self.path, os.path.join(work, "b.onnx"))
        v = run_cli("verify", "--no-recompute", "cert.json", cwd=work)
        self.assertEqual(v.returncode, 1)
        self.assertIn("target network file", v.stdout)
        self.assertFalse(approxcert.verify(os.path.join(work, "cert.json"), recompute=False).ok)

    def test_cli_bad_combinations(self):
        both = run_cli("supnorm", "--net", self.path, "--target-net", self.path, "--target", "x0", "--domain", "[0,1]^2")
        self.assertEqual(both.returncode, 2)
        self.assertIn("exactly one of --target or --target-net", both.stderr)
        dims = os.path.join(self.dir, "three.json")
        with open(dims, "w") as f:
            json.dump({"format": "approxcert-net/1", "input": {"dim": 3},
                       "layers": [{"type": "dense", "weight": [["1", "1", "1"]], "bias": ["0"]}]}, f)
        r = run_cli("supnorm", "--net", self.path, "--target-net", dims, "--domain", "[0,1]^2")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--target-net: the target network takes 3 inputs, the network 2", r.stderr)


if __name__ == "__main__":
    unittest.main()
