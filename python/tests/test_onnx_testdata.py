"""Debian's libonnx-testdata node tests (real ONNX files with expected outputs) for Gemm, MatMul,
Relu, Sigmoid and Tanh: imported and evaluated at the test inputs (exact float32 values), the
certified enclosure must lie within the float32 rounding error of the expected output.

Tolerance, and why it hides nothing: the expected outputs were computed by ONNX's reference (NumPy)
in float32, so they carry float32 rounding. For Gemm/MatMul the a-priori bound of a float32 dot
product of length K (any summation order) plus the alpha/beta scaling and the bias addition is
(K + 4) u S, with u = 2^-24 and S = sum |alpha a_k b_k| + |beta c|. Tanh and Sigmoid (glibc
tanhf/expf and a division) are given 8 ulps of the expected value; Relu is exact, tolerance 0.
These are about 1e-6 relative, while a wrong import (a transposition, a lost alpha, beta or bias, a
broadcast error) moves outputs by their own order of magnitude.
"""
import copy
import glob
import os
import tempfile
import unittest
from fractions import Fraction

import numpy as np
import onnx
from onnx import numpy_helper

import approxcert

NODE_DIR = "/usr/share/libonnx-testdata/data/node"
U = Fraction(1, 2 ** 24)
MODELS = ["test_gemm_all_attributes", "test_gemm_alpha", "test_gemm_beta", "test_gemm_default_matrix_bias",
          "test_gemm_default_no_bias", "test_gemm_default_scalar_bias", "test_gemm_default_single_elem_vector_bias",
          "test_gemm_default_vector_bias", "test_gemm_default_zero_bias", "test_gemm_transposeA",
          "test_gemm_transposeB", "test_matmul_2d", "test_relu", "test_sigmoid", "test_sigmoid_example",
          "test_tanh", "test_tanh_example"]


def exact(v) -> Fraction:
    return Fraction(float(v))  # float32 -> float is exact, Fraction(float) is exact


def attr(node, name, default):
    for a in node.attribute:
        if a.name == name:
            return onnx.helper.get_attribute_value(a)
    return default


def set_input_shape(graph, dims):
    shape = graph.input[0].type.tensor_type.shape
    del shape.dim[:]
    for d in dims:
        shape.dim.add().dim_value = d


def vector_cases(name):
    """(model, x, expected, tolerance per output) for each batch row of the node test: the extra
    inputs become initializers and the data input becomes one vector."""
    folder = os.path.join(NODE_DIR, name)
    model = onnx.load(os.path.join(folder, "model.onnx"))
    data = os.path.join(folder, "test_data_set_0")
    inputs = [numpy_helper.to_array(onnx.load_tensor(p)) for p in sorted(glob.glob(os.path.join(data, "input_*.pb")))]
    expected = numpy_helper.to_array(onnx.load_tensor(os.path.join(data, "output_0.pb")))
    node = model.graph.node[0]
    if node.op_type in ("Relu", "Sigmoid", "Tanh"):
        m = copy.deepcopy(model)
        x = inputs[0].reshape(-1)
        set_input_shape(m.graph, [x.size])
        e = expected.reshape(-1)
        ulps = 0 if node.op_type == "Relu" else 8
        yield m, x, e, [ulps * U * abs(exact(v)) + (ulps * Fraction(1, 2 ** 149)) for v in e]
        return
    trans_a = attr(node, "transA", 0)
    alpha, beta = exact(np.float32(attr(node, "alpha", 1.0))), exact(np.float32(attr(node, "beta", 1.0)))
    a, b = inputs[0], inputs[1]
    rows = a.T if trans_a else a  # row m of A'
    bt = b.T if attr(node, "transB", 0) else b
    c = inputs[2] if len(inputs) > 2 else None
    for m_index in range(rows.shape[0]):
        m = copy.deepcopy(model)
        set_input_shape(m.graph, [rows.shape[1], 1] if trans_a else [1, rows.shape[1]])
        cm = c
        if c is not None and c.ndim == 2 and c.shape[0] == rows.shape[0] and rows.shape[0] > 1:
            cm = c[m_index:m_index + 1]  # a full [M, N] bias: this row's
        constants = [(node.input[1], b)] + ([(node.input[2], cm)] if c is not None else [])
        for input_name, value in constants:
            m.graph.initializer.append(numpy_helper.from_array(value, input_name))
        names = {n for n, _ in constants}
        kept = [i for i in m.graph.input if i.name not in names]
        del m.graph.input[:]
        m.graph.input.extend(kept)
        x = rows[m_index]
        e = expected[m_index]
        bias = np.broadcast_to(cm, (1, e.size)).reshape(-1) if c is not None else np.zeros(e.size, np.float32)
        tol = []
        for j in range(e.size):
            s = sum(abs(alpha * exact(x[k]) * exact(bt[k, j])) for k in range(x.size)) + abs(beta * exact(bias[j]))
            tol.append((x.size + 4) * U * s)
        yield m, x, e, tol


class NodeTests(unittest.TestCase):
    def test_node_models_within_float32_rounding_of_expected(self):
        checked = 0
        with tempfile.TemporaryDirectory() as tmp:
            for name in MODELS:
                for k, (model, x, e, tol) in enumerate(vector_cases(name)):
                    path = os.path.join(tmp, "%s_%d.onnx" % (name, k))
                    onnx.save(model, path)
                    net = approxcert.load(path)
                    out = approxcert.evaluate(net, [exact(v) for v in x])
                    self.assertEqual(len(out), e.size, name)
                    for j, (enclosure, ev, t) in enumerate(zip(out, e, tol)):
                        lo, hi = enclosure
                        ref = exact(ev)
                        self.assertTrue(lo - t <= ref <= hi + t, "%s row %d output %d: [%s, %s] vs %s (tol %s)"
                                        % (name, k, j, float(lo), float(hi), float(ref), float(t)))
                        self.assertLess(hi - lo, Fraction(1, 10 ** 30))
                        checked += 1
        self.assertGreater(checked, 200)

    def test_tolerance_is_far_below_an_import_error(self):
        # Negative control: the same check with the rows of B shifted (a typical indexing bug) must fail.
        model, x, e, tol = next(vector_cases("test_gemm_default_no_bias"))
        b = numpy_helper.to_array(model.graph.initializer[0])
        wrong = [sum(exact(x[k]) * exact(b[k, j]) for k in range(x.size)) for j in range(e.size)]
        wrong_t = [sum(exact(x[k]) * exact(b[(k + 1) % x.size, j]) for k in range(x.size)) for j in range(e.size)]
        self.assertTrue(all(abs(w - exact(v)) <= t for w, v, t in zip(wrong, e, tol)))
        self.assertFalse(all(abs(w - exact(v)) <= t for w, v, t in zip(wrong_t, e, tol)))


if __name__ == "__main__":
    unittest.main()
