#pragma once
// Builds ONNX models in the tests with the ONNX protobuf classes, as torch.onnx.export writes them
// (float32 weights as raw little-endian bytes, nodes named <Op>_<position>).
#include <onnx/onnx_pb.h>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "net/onnx_import.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::test {

struct ModelBuilder {
  onnx::ModelProto model;
  onnx::GraphProto& g;
  ModelBuilder(std::vector<std::int64_t> input_shape, std::string input = "x") : g(*model.mutable_graph()) {
    model.set_ir_version(8);
    model.add_opset_import()->set_version(14);
    auto* in = g.add_input();
    in->set_name(input);
    auto* tt = in->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    for (const std::int64_t d : input_shape) tt->mutable_shape()->add_dim()->set_dim_value(d);
  }
  onnx::TensorProto& tensor(const std::string& name, std::vector<std::int64_t> dims, int type) {
    auto* t = g.add_initializer();
    t->set_name(name);
    t->set_data_type(type);
    for (const std::int64_t d : dims) t->add_dims(d);
    return *t;
  }
  // float32 values as little-endian raw_data (what torch writes)
  void raw_floats(const std::string& name, std::vector<std::int64_t> dims, std::vector<float> values) {
    std::string raw;
    for (const float v : values) {
      const auto bits = std::bit_cast<std::uint32_t>(v);
      for (int i = 0; i < 4; ++i) raw.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
    }
    tensor(name, dims, onnx::TensorProto::FLOAT).set_raw_data(raw);
  }
  void floats(const std::string& name, std::vector<std::int64_t> dims, std::vector<float> values) {
    auto& t = tensor(name, dims, onnx::TensorProto::FLOAT);
    for (const float v : values) t.add_float_data(v);
  }
  onnx::NodeProto& node(const std::string& op, std::vector<std::string> inputs, const std::string& output) {
    auto* n = g.add_node();
    n->set_op_type(op);
    n->set_name(op + "_" + std::to_string(g.node_size()));
    for (const auto& i : inputs) n->add_input(i);
    n->add_output(output);
    return *n;
  }
  std::string bytes(const std::string& output) {
    g.add_output()->set_name(output);
    return model.SerializeAsString();
  }
};

inline void set_int(onnx::NodeProto& n, const std::string& name, std::int64_t v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}
inline void set_float(onnx::NodeProto& n, const std::string& name, float v) {
  auto* a = n.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(v);
}

inline std::string import_error(const std::string& bytes) {
  try {
    import_onnx(bytes, "m.onnx");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace approxcert::test
