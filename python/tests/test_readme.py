"""The README's tour "Your own network" works as written: its sh blocks run with bash and its
python blocks with this interpreter, in order, in a scratch folder where build/ and docs/ are the
project's."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

from support import APPROXCERT_BIN, SOURCE_DIR

SECTION = "## Your own network"  # with its subsection "Your own claim, without C++"


def tour_blocks():
    with open(os.path.join(SOURCE_DIR, "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index(SECTION)
    end = text.index("\n## ", start + len(SECTION))
    return re.findall(r"```(sh|python)\n(.*?)```", text[start:end], re.S)


class ReadmeTour(unittest.TestCase):
    def test_tour_runs(self):
        blocks = tour_blocks()
        self.assertEqual([kind for kind, _ in blocks], ["sh", "python", "sh"])
        with tempfile.TemporaryDirectory() as work:
            os.symlink(os.path.dirname(os.path.abspath(APPROXCERT_BIN)), os.path.join(work, "build"))
            for folder in ("docs", "checks"):
                os.symlink(os.path.join(os.path.abspath(SOURCE_DIR), folder), os.path.join(work, folder))
            for index, (kind, code) in enumerate(blocks):
                cmd = ["bash", "-euo", "pipefail", "-c", code] if kind == "sh" else [sys.executable, "-c", code]
                r = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=900)
                self.assertEqual(r.returncode, 0, "%s block failed:\n%s\n%s" % (kind, r.stdout, r.stderr))
                if index == 0:
                    self.assertIn("status converged", r.stdout)
                    self.assertRegex(r.stdout, r"OK +prune\.cert\.json")
                elif index == 2:  # the claim file: checked as expected, verified, exported to Coq
                    self.assertRegex(r.stdout, r"claims/xy-relu +7 +6 +1 +0 +refuted +ok")
                    self.assertRegex(r.stdout, r"OK +/tmp/claims/claims/xy-relu\.json")
                    self.assertTrue(os.path.exists("/tmp/XyRelu.v"))
                else:
                    self.assertIn("converged", r.stdout)
                    self.assertTrue(r.stdout.strip().endswith("True"))


if __name__ == "__main__":
    unittest.main()
