#include "net/network_json.hpp"

#include "net/onnx_import.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "net/constant.hpp"
#include "scalar/input_error.hpp"
#include "scalar/json_list.hpp"

namespace approxcert {

namespace {

// ---- reading -------------------------------------------------------------------------------

// Exact numbers or constant expressions (net/constant.hpp).
NumberVector read_vector(const ExactJson& v, const JsonAt& at) { return json_list(v, at, json_number); }

// Exact rationals only (piecewise_linear: breakpoints are ordered and slopes computed exactly).
RationalVector read_exact_vector(const ExactJson& v, const JsonAt& at, std::string_view why) {
  return json_list(v, at, [why](const ExactJson& e, const JsonAt& e_at) {
    const Number x = json_number(e, e_at);
    if (!x.exact())
      e_at.fail("must be an exact rational (" + std::string(why) + "), got the constant expression " +
                describe_json(e));
    return *x.exact();
  });
}

NumberMatrix read_matrix(const ExactJson& v, const JsonAt& at) { return json_list(v, at, read_vector); }

std::size_t read_size(const ExactJson& v, const JsonAt& at) { return static_cast<std::size_t>(json_count(v, at)); }

LayerList read_layers(const ExactJson& v, const JsonAt& at);

// Reads the fields of a layer whose "type" is known.
LayerKind read_layer_fields(std::string_view type, const ExactJson& obj, const JsonAt& at) {
  const std::string what = (type[0] == 'a' || type[0] == 'i' ? "an " : "a ") + std::string(type) + " layer";
  auto req = [&](std::string_view key) -> const ExactJson& { return json_required(obj, key, at, what); };
  if (type == "dense") {
    json_check_keys(obj, at, {"type", "weight", "bias"}, what);
    return DenseLayer{read_matrix(req("weight"), at.key("weight")), read_vector(req("bias"), at.key("bias"))};
  }
  if (type == "sparse_dense") {
    json_check_keys(obj, at, {"type", "rows", "cols", "entries", "bias"}, what);
    SparseDenseLayer l{read_size(req("rows"), at.key("rows")),
                       read_size(req("cols"), at.key("cols")),
                       {},
                       read_vector(req("bias"), at.key("bias"))};
    const JsonAt entries_at = at.key("entries");
    const ExactJson& entries = json_array(req("entries"), entries_at);
    l.entries.reserve(entries.size());
    for (std::size_t k = 0; k < entries.size(); ++k) {
      const JsonAt e_at = entries_at.index(k);
      const ExactJson& e = json_array(entries[k], e_at);
      if (e.size() != 3) e_at.fail("expected [row, col, value], got " + std::to_string(e.size()) + " entries");
      l.entries.push_back(
          {read_size(e[0], e_at.index(0)), read_size(e[1], e_at.index(1)), json_number(e[2], e_at.index(2))});
    }
    return l;
  }
  if (type == "relu" || type == "step" || type == "sigmoid" || type == "tanh") {
    json_check_keys(obj, at, {"type"}, what);
    if (type == "relu") return ReluLayer{};
    if (type == "step") return StepLayer{};
    if (type == "sigmoid") return SigmoidLayer{};
    return TanhLayer{};
  }
  if (type == "piecewise_linear") {
    json_check_keys(obj, at, {"type", "breakpoints", "values"}, what);
    const std::string_view why = "piecewise_linear orders its breakpoints and computes its slopes exactly";
    return PiecewiseLinearLayer{read_exact_vector(req("breakpoints"), at.key("breakpoints"), why),
                                read_exact_vector(req("values"), at.key("values"), why)};
  }
  if (type == "residual") {
    json_check_keys(obj, at, {"type", "body"}, what);
    return ResidualLayer{read_layers(req("body"), at.key("body"))};
  }
  if (type == "inner_product") {
    json_check_keys(obj, at, {"type", "split", "left", "right"}, what);
    return InnerProductLayer{read_size(req("split"), at.key("split")), read_layers(req("left"), at.key("left")),
                             read_layers(req("right"), at.key("right"))};
  }
  if (type == "attention") {
    json_check_keys(obj, at, {"type", "heads", "normalizer", "ties", "scale"}, what);
    AttentionLayer att;
    const JsonAt heads_at = at.key("heads");
    const ExactJson& heads = json_array(req("heads"), heads_at);
    for (std::size_t h = 0; h < heads.size(); ++h) {
      const JsonAt hat = heads_at.index(h);
      const ExactJson& head = json_object(heads[h], hat);
      const std::string_view head_what = "an attention head";
      json_check_keys(head, hat, {"wq", "wk", "wv", "wo", "bq"}, head_what);
      AttentionHead out;
      out.wq = read_matrix(json_required(head, "wq", hat, head_what), hat.key("wq"));
      out.wk = read_matrix(json_required(head, "wk", hat, head_what), hat.key("wk"));
      out.wv = read_matrix(json_required(head, "wv", hat, head_what), hat.key("wv"));
      out.wo = read_matrix(json_required(head, "wo", hat, head_what), hat.key("wo"));
      if (const ExactJson* bq = json_optional(head, "bq")) out.bq = read_vector(*bq, hat.key("bq"));
      att.heads.push_back(std::move(out));
    }
    const std::string normalizer = json_string(req("normalizer"), at.key("normalizer"));
    if (normalizer == "softmax") att.normalizer = Normalizer::Softmax;
    else if (normalizer == "hardmax") att.normalizer = Normalizer::Hardmax;
    else if (normalizer == "none") att.normalizer = Normalizer::None;
    else
      at.key("normalizer")
          .fail("unknown normalizer " + describe_json(req("normalizer")) + "; known: softmax, hardmax, none");
    if (const ExactJson* ties = json_optional(obj, "ties")) {
      if (att.normalizer != Normalizer::Hardmax)
        at.key("ties").fail("tie rules apply only to \"normalizer\": \"hardmax\", not " +
                            describe_json(req("normalizer")));
      const std::string rule = json_string(*ties, at.key("ties"));
      if (rule == "first") att.normalizer = Normalizer::HardmaxFirst;
      else if (rule == "last") att.normalizer = Normalizer::HardmaxLast;
      else if (rule != "split")
        at.key("ties").fail("unknown tie rule " + describe_json(*ties) + "; known: split, first, last");
    }
    att.scale = json_number(req("scale"), at.key("scale"));
    return att;
  }
  if (type == "layer_norm") {
    json_check_keys(obj, at, {"type", "eps", "gamma", "beta"}, what);
    LayerNormLayer ln{json_rational(req("eps"), at.key("eps")), std::nullopt, std::nullopt};
    const std::string_view why = "layer_norm's gamma and beta are exact numbers";
    if (const ExactJson* g = json_optional(obj, "gamma")) ln.gamma = read_exact_vector(*g, at.key("gamma"), why);
    if (const ExactJson* b = json_optional(obj, "beta")) ln.beta = read_exact_vector(*b, at.key("beta"), why);
    return ln;
  }
  if (type == "tokenwise") {
    json_check_keys(obj, at, {"type", "layers"}, what);
    return TokenwiseLayer{read_layers(req("layers"), at.key("layers"))};
  }
  json_check_keys(obj, at, {"type", "matrix"}, what);  // positional_encoding (the last known type)
  return PositionalEncodingLayer{read_matrix(req("matrix"), at.key("matrix"))};
}

Layer read_layer(const ExactJson& v, const JsonAt& at) {
  json_object(v, at);
  const std::string type = json_string(json_required(v, "type", at, "a layer"), at.key("type"));
  const auto names = layer_type_names();
  if (std::find(names.begin(), names.end(), type) == names.end()) {
    std::string known;
    for (std::string_view n : names) known += (known.empty() ? "" : ", ") + std::string(n);
    at.key("type").fail("unknown layer type " + describe_json(v["type"]) + "; known: " + known);
  }
  return Layer{read_layer_fields(type, v, at)};
}

LayerList read_layers(const ExactJson& v, const JsonAt& at) {
  json_array(v, at);
  LayerList out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out.push_back(read_layer(v[i], at.index(i)));
  return out;
}

// ---- writing -------------------------------------------------------------------------------

using OutJson = nlohmann::ordered_json;  // numbers are written as exact strings

// Exact numbers as Rational::to_string, constant expressions as their text verbatim.
template <class T>
OutJson vector_json(const std::vector<T>& v) {
  OutJson out = OutJson::array();
  for (const T& x : v) out.push_back(x.to_string());
  return out;
}

OutJson matrix_json(const NumberMatrix& m) {
  OutJson out = OutJson::array();
  for (const NumberVector& row : m) out.push_back(vector_json(row));
  return out;
}

OutJson layers_json(const LayerList& layers);

// The file's "normalizer" value; the hardmax tie rule is written separately as "ties".
const char* normalizer_name(Normalizer n) {
  switch (n) {
    case Normalizer::Softmax: return "softmax";
    case Normalizer::None: return "none";
    default: return "hardmax";
  }
}

OutJson layer_json(const Layer& layer) {
  OutJson out = OutJson::object();
  out["type"] = std::string(layer_type_name(layer));
  std::visit(
      [&](const auto& l) {
        using T = std::decay_t<decltype(l)>;
        if constexpr (std::is_same_v<T, DenseLayer>) {
          out["weight"] = matrix_json(l.weight);
          out["bias"] = vector_json(l.bias);
        } else if constexpr (std::is_same_v<T, SparseDenseLayer>) {
          out["rows"] = l.rows;
          out["cols"] = l.cols;
          OutJson entries = OutJson::array();
          for (const SparseEntry& e : l.entries) entries.push_back(OutJson::array({e.row, e.col, e.value.to_string()}));
          out["entries"] = std::move(entries);
          out["bias"] = vector_json(l.bias);
        } else if constexpr (std::is_same_v<T, PiecewiseLinearLayer>) {
          out["breakpoints"] = vector_json(l.breakpoints);
          out["values"] = vector_json(l.values);
        } else if constexpr (std::is_same_v<T, ResidualLayer>) {
          out["body"] = layers_json(l.body);
        } else if constexpr (std::is_same_v<T, InnerProductLayer>) {
          out["split"] = l.split;
          out["left"] = layers_json(l.left);
          out["right"] = layers_json(l.right);
        } else if constexpr (std::is_same_v<T, AttentionLayer>) {
          OutJson heads = OutJson::array();
          for (const AttentionHead& h : l.heads) {
            OutJson head = {{"wq", matrix_json(h.wq)},
                            {"wk", matrix_json(h.wk)},
                            {"wv", matrix_json(h.wv)},
                            {"wo", matrix_json(h.wo)}};
            if (h.bq) head["bq"] = vector_json(*h.bq);
            heads.push_back(std::move(head));
          }
          out["heads"] = std::move(heads);
          out["normalizer"] = normalizer_name(l.normalizer);
          if (l.normalizer == Normalizer::HardmaxFirst) out["ties"] = "first";
          if (l.normalizer == Normalizer::HardmaxLast) out["ties"] = "last";
          out["scale"] = l.scale.to_string();
        } else if constexpr (std::is_same_v<T, LayerNormLayer>) {
          out["eps"] = l.eps.to_string();
          if (l.gamma) out["gamma"] = vector_json(*l.gamma);
          if (l.beta) out["beta"] = vector_json(*l.beta);
        } else if constexpr (std::is_same_v<T, TokenwiseLayer>) {
          out["layers"] = layers_json(l.layers);
        } else if constexpr (std::is_same_v<T, PositionalEncodingLayer>) {
          out["matrix"] = matrix_json(l.matrix);
        }
      },
      layer.kind);
  return out;
}

OutJson layers_json(const LayerList& layers) {
  OutJson out = OutJson::array();
  for (const Layer& l : layers) out.push_back(layer_json(l));
  return out;
}

// Layout: a container holding only scalars goes on one line, others one element per line.
void write_json(const OutJson& v, std::size_t indent, std::string& out) {
  const bool flat = std::none_of(v.begin(), v.end(), [](const OutJson& e) { return e.is_structured(); });
  if (!v.is_structured() || v.empty() || flat) {
    if (!v.is_structured()) {
      out += v.dump();
      return;
    }
    out += v.is_object() ? "{" : "[";
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it, first = false) {
      if (!first) out += ", ";
      if (v.is_object()) out += OutJson(it.key()).dump() + ": ";
      out += it->dump();
    }
    out += v.is_object() ? "}" : "]";
    return;
  }
  const std::string pad(indent + 2, ' ');
  out += v.is_object() ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it, first = false) {
    if (!first) out += ",\n";
    out += pad;
    if (v.is_object()) out += OutJson(it.key()).dump() + ": ";
    write_json(*it, indent + 2, out);
  }
  out += "\n" + std::string(indent, ' ') + (v.is_object() ? "}" : "]");
}

}  // namespace

CheckedNetwork network_from_json(const ExactJson& doc, std::string_view source) {
  const JsonAt top{std::string(source)};
  json_object(doc, top);
  const std::string_view what = "a network file";
  json_check_file_keys(doc, top, {"format", "input", "layers"}, what);
  const ExactJson& format = json_required(doc, "format", top, what);
  if (!format.is_string() || format.get_ref<const std::string&>() != kNetworkFormat)
    top.key("format").fail("expected \"" + std::string(kNetworkFormat) + "\", got " + describe_json(format));

  Network net;
  const JsonAt input_at = top.key("input");
  const ExactJson& input = json_object(json_required(doc, "input", top, what), input_at);
  json_check_keys(input, input_at, {"dim", "tokens"}, "the input");
  net.input.dim = read_size(json_required(input, "dim", input_at, "the input"), input_at.key("dim"));
  if (const ExactJson* tokens = json_optional(input, "tokens"))
    net.input.tokens = read_size(*tokens, input_at.key("tokens"));
  net.layers = read_layers(json_required(doc, "layers", top, what), top.key("layers"));
  // A number costs 230-360 bytes while a file is read and lowered (docs/robustness.md): files
  // hold at most 2*10^7 numbers (5-7 GB), whatever an in-memory construction may hold.
  NetworkLimits file_limits;
  file_limits.max_weights = 20'000'000;
  return CheckedNetwork::check(std::move(net), source, file_limits);
}

CheckedNetwork parse_network(std::string_view text, std::string_view source) {
  return network_from_json(parse_exact_json(text, source), source);
}

CheckedNetwork network_from_bytes(std::string_view bytes, std::string_view source) {
  if (!looks_like_json(bytes)) return import_onnx(bytes, source);
  return network_from_json(parse_exact_json(bytes, source), source);
}

CheckedNetwork load_network(const std::string& path) { return network_from_bytes(read_text_file(path), path); }

std::string save_network(const Network& net) {
  OutJson doc = OutJson::object();
  doc["format"] = std::string(kNetworkFormat);
  doc["input"] = {{"dim", net.input.dim}};
  if (net.input.tokens) doc["input"]["tokens"] = *net.input.tokens;
  doc["layers"] = layers_json(net.layers);
  std::string out;
  write_json(doc, 0, out);
  return out + "\n";
}

}  // namespace approxcert
