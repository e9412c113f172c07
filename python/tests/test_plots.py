"""approxcert.plots: the decoded leaf cover tiles the domain exactly and respects the certified
upper bound; the plots are written as PNG files."""
import json
import os
import tempfile
import unittest
from fractions import Fraction

from approxcert import plots
from support import SOURCE_DIR, run_cli


def volume(box):
    v = Fraction(1)
    for lo, hi in box:
        v *= hi - lo
    return v


class PlotsTest(unittest.TestCase):
    def certificate(self, tmp, *args):
        path = os.path.join(tmp, "c.json")
        r = run_cli("supnorm", *args, "--cert", path, "-q")
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(path) as f:
            return path, json.load(f)

    def test_cover_tiles_the_domain(self):
        with tempfile.TemporaryDirectory() as tmp:
            net = os.path.join(SOURCE_DIR, "docs", "examples", "relu_2d.json")
            path, cert = self.certificate(tmp, "--net", net, "--target", "x0*x1 + sin(4*x0)/4", "--domain", "[0,1]x[-1/2,1]",
                                          "--rel-tol", "1e-4", "--no-monotonicity")
            box = plots.parse_domain(cert["inputs"]["domain"]["exact"])
            self.assertEqual(box, [(Fraction(0), Fraction(1)), (Fraction(-1, 2), Fraction(1))])
            leaves = plots.decode_cover(cert["cover"], box)
            self.assertEqual(len(leaves), int(cert["cover"]["leaves"]))
            self.assertGreater(len(leaves), 3)
            self.assertEqual(sum(volume(b) for b, _ in leaves), volume(box))
            for b, bound in leaves:
                for (lo, hi), (dlo, dhi) in zip(b, box):
                    self.assertTrue(dlo <= lo < hi <= dhi)
                self.assertIsNotNone(bound)
                self.assertLessEqual(Fraction(bound), Fraction(cert["upper"]) * (1 + Fraction(1, 10**9)))
            out = os.path.join(tmp, "cover.png")
            plots.plot_supnorm_certificate(path, out)
            with open(out, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_monotonicity_faces_are_leaves(self):
        # (3 + x0)(3 - x1) on [-1,1]^2: the root is replaced by its faces x0 = -1, 1, each by its corners.
        with tempfile.TemporaryDirectory() as tmp:
            _, cert = self.certificate(tmp, "--approx", "0", "--target", "(3 + x0)*(3 - x1)", "--domain", "[-1,1]^2")
            box = plots.parse_domain(cert["inputs"]["domain"]["exact"])
            leaves = plots.decode_cover(cert["cover"], box)
            corners = [tuple(lo for lo, hi in b) for b, _ in leaves]
            self.assertEqual(corners, [(-1, -1), (-1, 1), (1, -1), (1, 1)])
            self.assertTrue(all(lo == hi for b, _ in leaves for lo, hi in b))

    def test_decode_rejects_a_truncated_tree(self):
        with self.assertRaises((ValueError, IndexError)):
            plots.decode_cover({"tree": "SL", "cuts": [0], "bounds": ["1"]}, [(Fraction(0), Fraction(1))])

    def test_paper_plots(self):
        with tempfile.TemporaryDirectory() as tmp:
            written = plots.paper_plots(os.path.join(SOURCE_DIR, "docs", "certificates"), tmp)
            self.assertEqual(len(written), 2)
            for w in written:
                with open(w, "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
