#include "net/network.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "scalar/input_error.hpp"

namespace approxcert {

namespace {

constexpr int kMaxNesting = 64;  // residual/tokenwise/inner_product lists inside each other

// Indexed like LayerKind's alternatives.
constexpr std::array<std::string_view, std::variant_size_v<LayerKind>> kTypeNames = {
    "dense",     "sparse_dense",        "relu",      "step",          "sigmoid",
    "tanh",      "piecewise_linear",    "residual",  "inner_product", "attention",
    "tokenwise", "positional_encoding", "layer_norm"};
static_assert(!kTypeNames.back().empty(), "one name per layer kind");

// Saturating arithmetic for size estimates (no overflow, no double).
std::uint64_t sat_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}
std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) {
  return b != 0 && a > std::numeric_limits<std::uint64_t>::max() / b ? std::numeric_limits<std::uint64_t>::max()
                                                                     : a * b;
}
std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b, std::uint64_t c) { return sat_mul(sat_mul(a, b), c); }

std::string str(std::size_t n) { return std::to_string(n); }

std::string quoted_type(const Layer& layer) {
  std::string q(1, '"');
  q += layer_type_name(layer);
  return q + '"';
}

// Walks a network once: checks every shape and accumulates the size estimates.
class Checker {
 public:
  Checker(std::string_view source, const NetworkLimits& limits) : source_(source), limits_(limits) {}

  // Returns the number of outputs.
  std::size_t run(const Network& net) {
    const std::size_t D = net.input.dim;
    check_dim(D, "/input/dim", "input dimension");
    if (D == 0) fail("/input/dim", "must be at least 1");
    std::size_t out;
    if (net.input.tokens) {
      const std::size_t N = *net.input.tokens;
      check_dim(N, "/input/tokens", "number of tokens");
      if (N == 0) fail("/input/tokens", "must be at least 1");
      program_ = sat_mul(D, N);
      out = sequence_layers(net.layers, "/layers", D, N);
    } else {
      program_ = D;
      out = vector_layers(net.layers, "/layers", D, 0, 1, TopLevel::VectorNetwork);
    }
    if (weights_ > limits_.max_weights)
      fail("", "the network has " + str(weights_) + " numbers, more than the limit of " + str(limits_.max_weights));
    if (program_ > limits_.max_program_size)
      fail("", "the network is too large to evaluate: lowering it needs about " + str(program_) +
                   " program entries (limit " + str(limits_.max_program_size) + ")");
    return out;
  }

 private:
  enum class TopLevel { VectorNetwork, Nested };

  [[noreturn]] void fail(const std::string& path, const std::string& what) const {
    throw InputError(std::string(source_) + ": " + (path.empty() ? "top level" : path) + ": " + what);
  }

  void check_dim(std::size_t n, const std::string& path, std::string_view what) const {
    if (n > limits_.max_dim)
      fail(path, std::string(what) + " " + str(n) + " exceeds the limit of " + str(limits_.max_dim));
  }

  void count_weights(std::size_t n) { weights_ = sat_add(weights_, n); }
  void count_program(std::uint64_t n) { program_ = sat_add(program_, n); }

  // A vector of `expected` entries ("why" explains the expectation).
  template <class T>
  void check_vector(const std::vector<T>& v, const std::string& path, std::size_t expected, std::string_view why) {
    if (v.size() != expected)
      fail(path, "has " + str(v.size()) + " entries, expected " + str(expected) + " (" + std::string(why) + ")");
    count_weights(v.size());
  }

  // A non-empty matrix with rows of `cols` entries; returns its number of rows.
  std::size_t check_matrix(const NumberMatrix& m, const std::string& path, std::size_t cols,
                           std::string_view cols_why) {
    if (m.empty()) fail(path, "has no rows");
    check_dim(m.size(), path, "number of rows");
    for (std::size_t r = 0; r < m.size(); ++r) {
      if (m[r].size() != cols)
        fail(path + "/" + str(r),
             "row has " + str(m[r].size()) + " entries, expected " + str(cols) + " (" + std::string(cols_why) + ")");
      count_weights(cols);
    }
    return m.size();
  }

  // A matrix with exactly `rows` rows.
  void check_matrix(const NumberMatrix& m, const std::string& path, std::size_t rows, std::string_view rows_why,
                    std::size_t cols, std::string_view cols_why) {
    if (m.size() != rows)
      fail(path, "has " + str(m.size()) + " rows, expected " + str(rows) + " (" + std::string(rows_why) + ")");
    check_matrix(m, path, cols, cols_why);
  }

  [[noreturn]] void misplaced(const Layer& layer, const std::string& path, TopLevel where) const {
    const std::string type = quoted_type(layer);
    if (where == TopLevel::VectorNetwork)
      fail(path + "/type", type + " is a sequence layer, but the network input has no \"tokens\"");
    fail(path + "/type", type + " is a sequence layer; only vector layers are allowed in this list");
  }

  // Vector layers on inputs of dimension d, replicated `copies` times (tokenwise); returns the
  // output dimension.
  std::size_t vector_layers(const LayerList& layers, const std::string& path, std::size_t d, int depth,
                            std::uint64_t copies, TopLevel where) {
    if (depth > kMaxNesting) fail(path, "layers nested deeper than " + std::to_string(kMaxNesting) + " levels");
    for (std::size_t i = 0; i < layers.size(); ++i) {
      const std::string at = path + "/" + str(i);
      if (is_sequence_layer(layers[i])) misplaced(layers[i], at, where);
      d = vector_layer(layers[i], at, d, depth, copies);
    }
    return d;
  }

  std::size_t vector_layer(const Layer& layer, const std::string& at, std::size_t d, int depth, std::uint64_t copies) {
    if (const auto* dense = std::get_if<DenseLayer>(&layer.kind)) {
      const std::size_t m = check_matrix(dense->weight, at + "/weight", d, "the layer's input dimension");
      check_vector(dense->bias, at + "/bias", m, "one per weight row");
      count_program(sat_mul(copies, m, 2 * d + 2));
      return m;
    }
    if (const auto* sparse = std::get_if<SparseDenseLayer>(&layer.kind)) return sparse_dense(*sparse, at, d, copies);
    if (const auto* pwl = std::get_if<PiecewiseLinearLayer>(&layer.kind)) {
      const std::size_t K = pwl->breakpoints.size();
      if (K == 0) fail(at + "/breakpoints", "must have at least 1 entry");
      check_dim(K, at + "/breakpoints", "number of breakpoints");
      for (std::size_t k = 1; k < K; ++k)
        if (!(pwl->breakpoints[k - 1] < pwl->breakpoints[k]))
          fail(at + "/breakpoints/" + str(k), "breakpoints must be strictly increasing, but " +
                                                  pwl->breakpoints[k].to_string() + " follows " +
                                                  pwl->breakpoints[k - 1].to_string());
      count_weights(K);
      check_vector(pwl->values, at + "/values", K, "one per breakpoint");
      count_program(sat_mul(copies, d, 3 * K + 1));
      return d;
    }
    if (const auto* res = std::get_if<ResidualLayer>(&layer.kind)) {
      const std::size_t out = vector_layers(res->body, at + "/body", d, depth + 1, copies, TopLevel::Nested);
      if (out != d)
        fail(at + "/body",
             "maps dimension " + str(d) + " to " + str(out) + "; a residual body must preserve the dimension");
      count_program(sat_mul(copies, d, 3));
      return d;
    }
    if (const auto* ln = std::get_if<LayerNormLayer>(&layer.kind)) {
      count_weights(1);
      if (ln->eps.sign() <= 0) fail(at + "/eps", "must be greater than 0, got " + ln->eps.to_string());
      if (ln->gamma) check_vector(*ln->gamma, at + "/gamma", d, "one per input coordinate");
      if (ln->beta) check_vector(*ln->beta, at + "/beta", d, "one per input coordinate");
      // centred entries (affine over all d inputs), then a few nodes per entry
      count_program(sat_mul(copies, d, sat_add(sat_mul(2, d), 12)));
      return d;
    }
    if (const auto* ip = std::get_if<InnerProductLayer>(&layer.kind)) {
      if (d < 2) fail(at + "/split", "needs an input dimension of at least 2, got " + str(d));
      if (ip->split < 1 || ip->split > d - 1)
        fail(at + "/split",
             "must be between 1 and " + str(d - 1) + " (the input dimension minus 1), got " + str(ip->split));
      const std::size_t left = vector_layers(ip->left, at + "/left", ip->split, depth + 1, copies, TopLevel::Nested);
      const std::size_t right =
          vector_layers(ip->right, at + "/right", d - ip->split, depth + 1, copies, TopLevel::Nested);
      if (left != right)
        fail(at + "/right", "outputs dimension " + str(right) + ", but \"left\" outputs dimension " + str(left) +
                                "; the two sides of an inner product must match");
      count_program(sat_mul(copies, 2 * left + 1));
      return 1;
    }
    // relu, step, sigmoid, tanh: one unary node per coordinate
    count_program(sat_mul(copies, d, 2));
    return d;
  }

  std::size_t sparse_dense(const SparseDenseLayer& l, const std::string& at, std::size_t d, std::uint64_t copies) {
    if (l.rows == 0) fail(at + "/rows", "must be at least 1");
    check_dim(l.rows, at + "/rows", "number of rows");
    if (l.cols != d)
      fail(at + "/cols", "is " + str(l.cols) + ", expected " + str(d) + " (the layer's input dimension)");
    for (std::size_t k = 0; k < l.entries.size(); ++k) {
      const SparseEntry& e = l.entries[k];
      const std::string ek = at + "/entries/" + str(k);
      if (e.row >= l.rows) fail(ek + "/0", "row " + str(e.row) + " is out of range (rows = " + str(l.rows) + ")");
      if (e.col >= l.cols) fail(ek + "/1", "column " + str(e.col) + " is out of range (cols = " + str(l.cols) + ")");
      if (k > 0) {
        const SparseEntry& p = l.entries[k - 1];
        if (!(p.row < e.row || (p.row == e.row && p.col < e.col)))
          fail(ek, "entries must be strictly increasing in (row, col), but (" + str(e.row) + ", " + str(e.col) +
                       ") follows (" + str(p.row) + ", " + str(p.col) + ")");
      }
    }
    count_weights(l.entries.size());
    check_vector(l.bias, at + "/bias", l.rows, "one per row");
    count_program(sat_mul(copies, sat_add(sat_mul(2, l.entries.size()), sat_mul(2, l.rows))));
    return l.rows;
  }

  // Sequence layers on X in R^{D x N}; returns the number of outputs D_final * N.
  std::size_t sequence_layers(const LayerList& layers, const std::string& path, std::size_t D, std::size_t N) {
    for (std::size_t i = 0; i < layers.size(); ++i) {
      const std::string at = path + "/" + str(i);
      const Layer& layer = layers[i];
      if (const auto* att = std::get_if<AttentionLayer>(&layer.kind)) {
        attention(*att, at, D, N);
      } else if (const auto* tw = std::get_if<TokenwiseLayer>(&layer.kind)) {
        D = vector_layers(tw->layers, at + "/layers", D, 1, N, TopLevel::Nested);
      } else if (const auto* pe = std::get_if<PositionalEncodingLayer>(&layer.kind)) {
        check_matrix(pe->matrix, at + "/matrix", D, "the token dimension D", N, "the number of tokens N");
        count_program(sat_mul(D, N, 4));
      } else {
        fail(at + "/type", quoted_type(layer) +
                               " is a vector layer, but the network input is a sequence (input has \"tokens\"); "
                               "put vector layers inside {\"type\": \"tokenwise\", \"layers\": [...]}");
      }
    }
    return static_cast<std::size_t>(sat_mul(D, N));
  }

  void attention(const AttentionLayer& att, const std::string& at, std::size_t D, std::size_t N) {
    if (att.heads.empty()) fail(at + "/heads", "must have at least 1 head");
    check_dim(att.heads.size(), at + "/heads", "number of heads");
    count_weights(1);  // scale
    for (std::size_t h = 0; h < att.heads.size(); ++h) {
      const AttentionHead& head = att.heads[h];
      const std::string hp = at + "/heads/" + str(h);
      const std::size_t dk = check_matrix(head.wq, hp + "/wq", D, "the token dimension D");
      check_matrix(head.wk, hp + "/wk", dk, "as many as wq", D, "the token dimension D");
      const std::size_t dv = check_matrix(head.wv, hp + "/wv", D, "the token dimension D");
      check_matrix(head.wo, hp + "/wo", D, "the token dimension D", dv, "the number of rows of wv");
      if (head.bq) check_vector(*head.bq, hp + "/bq", dk, "the number of rows of wq");
      // Q, K, V (affine per entry), scores (dot + scale), U = W_O V, one mix per output entry.
      count_program(sat_mul(2 * dk + dv, N, 2 * D + 2));
      count_program(sat_mul(N, N, 2 * dk + 4));
      count_program(sat_mul(D, N, 2 * dv + 2));
      count_program(sat_mul(D, N, 2 * N + 1));
    }
    count_program(sat_mul(D, N, 2 * att.heads.size() + 3));
  }

  std::string_view source_;
  NetworkLimits limits_;
  std::uint64_t weights_ = 0;
  std::uint64_t program_ = 0;
};

}  // namespace

std::string_view layer_type_name(const Layer& layer) { return kTypeNames[layer.kind.index()]; }

NumberVector numbers(const RationalVector& v) { return NumberVector(v.begin(), v.end()); }

NumberMatrix numbers(const RationalMatrix& m) {
  NumberMatrix out;
  out.reserve(m.size());
  for (const RationalVector& row : m) out.push_back(numbers(row));
  return out;
}

RationalVector rationals(const NumberVector& v) {
  RationalVector out;
  out.reserve(v.size());
  for (const Number& x : v) out.push_back(x.rational());
  return out;
}

RationalMatrix rationals(const NumberMatrix& m) {
  RationalMatrix out;
  out.reserve(m.size());
  for (const NumberVector& row : m) out.push_back(rationals(row));
  return out;
}

std::span<const std::string_view> layer_type_names() { return kTypeNames; }

bool is_sequence_layer(const Layer& layer) {
  return std::holds_alternative<AttentionLayer>(layer.kind) || std::holds_alternative<TokenwiseLayer>(layer.kind) ||
         std::holds_alternative<PositionalEncodingLayer>(layer.kind);
}

void check_network(const Network& net, std::string_view source, const NetworkLimits& limits) {
  Checker(source, limits).run(net);
}

std::size_t input_dim(const Network& net) { return net.input.dim * net.input.tokens.value_or(1); }

std::size_t output_dim(const Network& net, std::string_view source) { return Checker(source, {}).run(net); }

CheckedNetwork CheckedNetwork::check(Network net, std::string_view source, const NetworkLimits& limits) {
  const std::size_t outputs = Checker(source, limits).run(net);
  return CheckedNetwork(std::move(net), outputs);
}

}  // namespace approxcert
