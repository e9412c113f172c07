"""Debian's libonnx-testdata LayerNormalization node tests over the last axis (real ONNX files
with the expected outputs of ONNX's reference implementation): W and B become initializers, the
leading axes of X become tokens (the normalisation is per token, so [2, 3, 5] is 6 tokens of 5
features), the optional Mean / InvStdDev outputs are dropped. Each certified ball must contain
the independent reference, the operator's definition (biased variance, epsilon inside the root)
evaluated by mpmath at 300 digits from the exact float32 inputs; the expected float32 outputs must
agree with it to 1e-4 (they carry float32 rounding; a wrong axis, an unbiased variance or a lost
W or B moves them by far more).
"""
import copy
import glob
import os
import tempfile
import unittest
from fractions import Fraction

import mpmath
import numpy as np
import onnx
from onnx import numpy_helper

import approxcert

NODE_DIR = "/usr/share/libonnx-testdata/data/node"
MODELS = ["test_layer_normalization_2d_axis1", "test_layer_normalization_2d_axis_negative_1",
          "test_layer_normalization_3d_axis2_epsilon", "test_layer_normalization_3d_axis_negative_1_epsilon",
          "test_layer_normalization_4d_axis3", "test_layer_normalization_4d_axis_negative_1",
          "test_layer_normalization_default_axis"]


def exact(v) -> Fraction:
    return Fraction(float(v))  # float32 -> float is exact


def mpf(f: Fraction):
    return mpmath.mpf(f.numerator) / f.denominator


def load_case(name):
    folder = os.path.join(NODE_DIR, name)
    model = onnx.load(os.path.join(folder, "model.onnx"))
    data = os.path.join(folder, "test_data_set_0")
    x, w, b = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(os.path.join(data, "input_*.pb")))]
    expected = numpy_helper.to_array(onnx.load_tensor(os.path.join(data, "output_0.pb")))
    m = copy.deepcopy(model)
    node = m.graph.node[0]
    eps = 1e-5
    for a in node.attribute:
        if a.name == "epsilon":
            eps = a.f
        if a.name == "axis":
            a.i = -1  # the last axis, as in the original rank
    del node.output[1:]
    del m.graph.output[1:]
    for name_, value in ((node.input[1], w), (node.input[2], b)):
        m.graph.initializer.append(numpy_helper.from_array(value, name_))
    kept = [i for i in m.graph.input if i.name == node.input[0]]
    del m.graph.input[:]
    m.graph.input.extend(kept)
    features = x.shape[-1]
    shape = m.graph.input[0].type.tensor_type.shape
    del shape.dim[:]
    for d in (x.size // features, features):
        shape.dim.add().dim_value = d
    return m, x.reshape(-1, features), w, b, exact(np.float32(eps)), expected.reshape(-1, features)


class LayerNormNodeTests(unittest.TestCase):
    def test_layer_normalization_models(self):
        mpmath.mp.dps = 300
        checked = 0
        with tempfile.TemporaryDirectory() as tmp:
            for name in MODELS:
                model, x, w, b, eps, expected = load_case(name)
                path = os.path.join(tmp, name + ".onnx")
                onnx.save(model, path)
                net = approxcert.load(path)
                out = approxcert.evaluate(net, [exact(v) for v in x.reshape(-1)], prec=256)
                self.assertEqual(len(out), x.size, name)
                for t, row in enumerate(x):
                    v = [mpf(exact(e)) for e in row]
                    mean = mpmath.fsum(v) / len(v)
                    var = mpmath.fsum((e - mean) ** 2 for e in v) / len(v)
                    root = mpmath.sqrt(var + mpf(eps))
                    for r in range(len(v)):
                        ref = (v[r] - mean) / root * mpf(exact(w[r])) + mpf(exact(b[r]))
                        lo, hi = out[t * len(v) + r]
                        margin = mpmath.mpf(10) ** -280  # mpmath's own error at 300 digits
                        self.assertLessEqual(mpf(lo), ref + margin, name)
                        self.assertLessEqual(ref - margin, mpf(hi), name)
                        # Tight, though not to 256 bits: when a token's mean is a short dyadic the centred
                        # values are too, and Ball's lower()/upper() round endpoints to the midpoint's bits
                        # + 64 (scalar/ball.cpp endpoint_prec), about 1e-28 here.
                        self.assertLess(hi - lo, Fraction(1, 10 ** 25))
                        self.assertLess(abs(float(ref) - float(expected[t, r])), 1e-4, name)
                        checked += 1
        self.assertEqual(checked, 444)  # 3x4 twice, 6x5 twice, 24x5 three times


if __name__ == "__main__":
    unittest.main()
