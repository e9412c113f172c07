#pragma once
// ONNX import: a trained model (a protobuf ModelProto, e.g. from torch.onnx.export) read into the
// exact network model. Weights are float32/float64/float16 tensors; each entry is read from its
// IEEE bits as the exact dyadic rational it is (net/ieee_binary.hpp), never through a decimal.
//
// The graph must be one chain from its single input to its single output: every node except
// Constant takes the previous node's output as its one non-constant operand. Operators, acting on
// a tensor with at most one dimension larger than 1 (a vector, batch size 1):
//   Gemm (alpha, beta, transA, transB; the data is operand A)  -> dense
//   MatMul (x W or W x with constant W)                         -> dense, zero bias
//   Add / Sub with a constant (broadcast onto the vector)       -> merged into the previous dense
//                                                                  layer's bias, else a sparse_dense
//   Relu, Tanh, Sigmoid                                         -> relu, tanh, sigmoid
//   Identity, Flatten, Reshape, Transpose                       -> nothing (the order of a vector's
//                                                                  entries does not change)
// Anything else (Softmax, LayerNormalization, Conv, ...) is an InputError naming the node and its
// op type; so are NaN/Inf weights, external tensor data, branches and shape mismatches.
#include <string_view>

#include "net/network.hpp"

namespace approxcert {

// Parses the bytes of an .onnx file; every problem is one InputError "<source>: <where>: <what>".
// The result is the network the graph computes, checked by check_network().
Network import_onnx(std::string_view bytes, std::string_view source);

// True if the bytes look like an approxcert-net/1 JSON document (first non-blank byte '{' or '[',
// or no non-blank byte at all),
// false if they should be read as ONNX: how load_network() dispatches on content.
bool looks_like_json(std::string_view bytes);

}  // namespace approxcert
