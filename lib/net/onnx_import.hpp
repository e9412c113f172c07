#pragma once
// ONNX import: a trained model (a protobuf ModelProto, e.g. from torch.onnx.export) read into the
// exact network model. Weights are float32/float64/float16 tensors; each entry is read from its
// IEEE bits as the exact dyadic rational it is (net/ieee_binary.hpp), never through a decimal.
//
// The input is a vector (at most one dimension larger than 1, batch size 1) or a sequence
// [tokens, features] (two such dimensions, or any input of a graph with attention): a sequence
// network, whose vector layers act on each token (tokenwise). The graph is a chain of operators
// from its single input to its single output, in which a value used by several nodes must begin a
// pattern (net/onnx_importer.hpp, net/onnx_patterns.cpp):
//   Gemm (alpha, beta, transA, transB; the data is operand A)  -> dense
//   MatMul (x W or W x with constant W; a sequence as X W)      -> dense, zero bias
//   Add / Sub with a constant (broadcast onto the vector, or     -> merged into the previous dense
//     one entry per feature of a sequence)                         layer's bias (a layer_norm's
//                                                                  beta), else a sparse_dense
//   Add of a constant per token and feature                     -> positional_encoding
//   Mul / Div by a constant (scalar or per entry / feature)     -> scales the previous dense layer
//                                                                  (a layer_norm's gamma and beta),
//                                                                  else a diagonal sparse_dense
//   Relu, Tanh, Sigmoid                                         -> relu, tanh, sigmoid
//   LayerNormalization (opset 17, last axis), and the pattern   -> layer_norm
//     ReduceMean, Sub, Pow 2, ReduceMean, Add eps, Sqrt, Div
//   single-head self-attention with its residual Add: Q/K/V     -> attention (softmax, or none
//     projections (MatMul [+ Add] or Gemm), Transpose of K,        without a Softmax), then a
//     MatMul, Mul/Div by a scalar, Softmax over the keys,          tokenwise shift W_O b_V + b_O
//     MatMul with V, optional output MatMul/Gemm [+ Add], Add X     if nonzero
//   Identity, Flatten, Reshape, Transpose                       -> nothing (the order of the entries
//                                                                  does not change; a sequence only
//                                                                  flattened at its end)
// Anything else (Conv, Gelu, multi-head reshapes, a pre-norm residual, ...) is an InputError naming
// the node and its op type; so are NaN/Inf weights, external tensor data and shape mismatches.
#include <string_view>

#include "net/network.hpp"

namespace approxcert {

// Parses the bytes of an .onnx file; every problem is one InputError "<source>: <where>: <what>".
// The result is the network the graph computes, checked (CheckedNetwork).
CheckedNetwork import_onnx(std::string_view bytes, std::string_view source);

// True if the bytes look like an approxcert-net/1 JSON document (first non-blank byte '{' or '[',
// or no non-blank byte at all),
// false if they should be read as ONNX: how load_network() dispatches on content.
bool looks_like_json(std::string_view bytes);

}  // namespace approxcert
