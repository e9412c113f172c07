"""approxcert.verify() is `approxcert verify`: both call the one library function that dispatches on
the certificate's kind, so on the same files they report the same kind, verdict and outcome, and
both refuse a file of an unknown kind."""
import json
import os
import shutil
import tempfile
import unittest

import approxcert
from support import SOURCE_DIR, run_cli

CHAIN = os.path.join(SOURCE_DIR, "docs", "certificates", "claims", "xy-relu.json")


class VerifyByKind(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def cli_report(self, path, *flags):
        r = run_cli("verify", "--json", *flags, path)
        self.assertIn(r.returncode, (0, 1), r.stderr)
        [cert] = json.loads(r.stdout)["certificates"]
        return cert

    def assert_same(self, path, *flags, **kw):
        cli = self.cli_report(path, *flags)
        py = approxcert.verify(path, **kw)
        self.assertEqual((py.kind, py.verdict, py.ok, py.problems, py.confirmations),
                         (cli["kind"], cli["verdict"], cli["verified"], cli["problems"], cli["confirmations"]))
        return py

    def test_chain_certificate(self):
        self.assertEqual(self.assert_same(CHAIN).kind, "chain")
        self.assertTrue(self.assert_same(CHAIN, "--no-rebuild", rebuild=False).ok)

    def test_supnorm_certificate_and_a_forged_one(self):
        work = self.tmp.name
        with open(os.path.join(work, "net.json"), "w") as f:
            json.dump({"format": "approxcert-net/1", "input": {"dim": 1},
                       "layers": [{"type": "dense", "weight": [["1"]], "bias": ["0"]}, {"type": "relu"}]}, f)
        r = run_cli("supnorm", "--net", "net.json", "--target", "x0/2", "--domain", "[0,1]", "--cert", "cert.json", cwd=work)
        self.assertEqual(r.returncode, 0, r.stderr)
        cert = os.path.join(work, "cert.json")
        self.assertTrue(self.assert_same(cert).ok)
        with open(cert) as f:
            text = f.read()
        with open(cert, "w") as f:
            f.write(text.replace('"status": "converged"', '"status": "budget_exhausted"', 1))
        forged = self.assert_same(cert)
        self.assertEqual(forged.kind, "supnorm")
        self.assertFalse(forged.ok)

    def test_unknown_kind_is_bad_input(self):
        path = os.path.join(self.tmp.name, "odd.json")
        shutil.copy(CHAIN, path)
        with open(path) as f:
            cert = json.load(f)
        cert["kind"] = "teapot"
        with open(path, "w") as f:
            json.dump(cert, f)
        r = run_cli("verify", path)
        self.assertEqual(r.returncode, 2)
        self.assertIn('unknown certificate kind "teapot"', r.stderr)
        with self.assertRaisesRegex(approxcert.InputError, 'unknown certificate kind "teapot"'):
            approxcert.verify(path)


if __name__ == "__main__":
    unittest.main()
