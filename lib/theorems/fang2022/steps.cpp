#include "theorems/fang2022/steps.hpp"

#include <memory>
#include <nlohmann/json.hpp>

#include "linalg/exact_matrix.hpp"
#include "net/constant.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/polynomial_degree.hpp"
#include "scalar/input_error.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"

namespace approxcert::theorems::fang2022 {

using chain::Enclosure;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

Program polynomial_target(const chain::Parameters& prm, std::string_view name, const std::string& text, std::size_t d) {
  try {
    Program p = compile_target(text, d);
    polynomial_degree(p);
    return p;
  } catch (const InputError& e) {
    prm.fail(name, "must be a polynomial in x0..x" + std::to_string(d - 1) +
                       " (+, -, *, ^ with integer exponent >= 0): " + e.what());
  }
}

std::vector<Number> number_list(const chain::Parameters& prm, std::string_view name, std::size_t n) {
  const JsonAt at = prm.at(name);
  const ExactJson& v = json_array(prm.raw(name), at);
  if (v.size() != n) prm.fail(name, "must have " + std::to_string(n) + " entries");
  std::vector<Number> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(json_number(v[i], at.index(i)));
  return out;
}

std::vector<std::uint64_t> count_list(const chain::Parameters& prm, std::string_view name) {
  const JsonAt at = prm.at(name);
  const ExactJson& v = json_array(prm.raw(name), at);
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < v.size(); ++i) out.push_back(json_count(v[i], at.index(i)));
  return out;
}

Rational monomial_value(const Tuple& a, const std::vector<Rational>& x) {
  Rational v(1);
  for (const std::size_t t : a)
    if (t > 0) v *= x.at(t - 1);
  return v;
}

Point point_of(const std::vector<Rational>& x) {
  Point pt;
  for (std::size_t i = 0; i < x.size(); ++i) pt.add("x" + std::to_string(i), x[i]);
  return pt;
}

std::vector<std::string> embedded_inputs(const Network& embedding, const std::vector<std::string>& names) {
  const auto* s = embedding.layers.size() == 1 ? std::get_if<SparseDenseLayer>(&embedding.layers[0].kind) : nullptr;
  if (!s || s->cols != names.size())
    throw std::logic_error("embedded_inputs: not one sparse_dense layer of the named inputs");
  std::vector<std::string> in;
  for (const Number& b : s->bias) in.push_back("number:" + b.rational().to_string());
  std::vector<bool> fed(s->rows, false);
  for (const SparseEntry& e : s->entries) {
    if (fed.at(e.row) || !s->bias.at(e.row).is_exact_zero() || e.value.rational() != Rational(1))
      throw std::logic_error("embedded_inputs: row " + std::to_string(e.row) + " is not a constant or one input");
    fed[e.row] = true;
    in[e.row] = names.at(e.col);
  }
  return in;
}

std::vector<std::string> point_inputs(std::size_t d) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < d; ++i) names.push_back("at:x" + std::to_string(i));
  return names;
}

namespace {

ExactMatrix exact_of(const NumberMatrix& m) { return ExactMatrix::from_rows(rationals(m)); }

long nonzeros(const ExactMatrix& m) {
  long n = 0;
  for (long i = 0; i < m.rows(); ++i)
    for (long j = 0; j < m.cols(); ++j) n += m.at(i, j).sign() != 0 ? 1 : 0;
  return n;
}

Outcome equal_for_all(const std::vector<std::string>& names, const std::vector<Rational>& lhs,
                      const std::vector<Rational>& rhs) {
  chain::ForAll fa(Relation::Equal);
  for (std::size_t i = 0; i < lhs.size(); ++i)
    fa.add(Point{}.add(names[i], Rational(static_cast<long>(i))), Side::exact(lhs[i]), Side::exact(rhs[i]));
  Outcome o = fa.outcome();
  for (std::size_t i = 0; i < lhs.size(); ++i) o.report(names[i], Side::exact(lhs[i]));
  return o;
}

// Outputs of `prog` restricted to `keep`.
Program with_outputs(Program prog, const std::vector<std::size_t>& keep) {
  std::vector<NodeId> outs;
  for (const std::size_t i : keep) outs.push_back(prog.outputs()[i]);
  prog.set_outputs(std::move(outs));
  return prog;
}

// The program of the stream after `blocks` blocks (0: the embedding itself), R_l slice of token 0.
Program r_slice_after(const Monomials& mono, const Network& embedding, std::size_t blocks) {
  const Layout L = layout(mono);
  Program prog =
      blocks == 0 ? lower(embedding) : composed_program(embedding, block_network(mono, {.blocks = blocks}), false);
  std::vector<std::size_t> keep;
  for (std::size_t t = 0; t < mono.m(blocks); ++t) keep.push_back(L.r(blocks, t));
  return with_outputs(std::move(prog), keep);
}

}  // namespace

CountedSizes counted_sizes(const Network& embedding, const Network& blocks, std::size_t free_parameters) {
  CountedSizes s;
  s.names = {"tokens n", "width D"};
  s.counted = {count_q(*blocks.input.tokens), count_q(blocks.input.dim)};
  long nz = 0;
  std::size_t block = 0;
  for (const Layer& layer : blocks.layers) {
    const auto* a = std::get_if<AttentionLayer>(&layer.kind);
    if (!a) continue;
    ++block;
    const AttentionHead& h = a->heads.at(0);
    s.names.push_back("key width of block " + std::to_string(block));
    s.counted.push_back(count_q(h.wk.size()));
    nz += nonzeros(exact_of(h.wq)) + nonzeros(exact_of(h.wk)) + nonzeros(mul(exact_of(h.wo), exact_of(h.wv)));
  }
  s.names.push_back("nonzero weights (W_Q, W_K, W_O W_V)");
  s.counted.push_back(Rational(nz));
  s.names.push_back("free parameters");
  s.counted.push_back(count_q(free_parameters));
  (void)embedding;
  return s;
}

std::vector<Rational> closed_form_sizes(std::size_t d, std::size_t k) {
  std::vector<Rational> out{count_q(binomial(d + k, k)), count_q(2 * binomial(d + k, k) + 2 * binomial(d + k, d + 1))};
  std::uint64_t nz = 0;
  for (std::size_t l = 0; l < k; ++l) {
    out.push_back(count_q(binomial(d + l, l)));
    nz += 2 * binomial(d + l, l) + binomial(d + l + 1, l + 1);
  }
  out.push_back(count_q(nz));
  out.push_back(count_q(binomial(d + k, k)));
  return out;
}

Outcome sizes_outcome(const Monomials& mono, const Network& embedding, const Network& blocks,
                      std::size_t free_parameters) {
  const CountedSizes s = counted_sizes(embedding, blocks, free_parameters);
  Outcome o = equal_for_all(s.names, s.counted, closed_form_sizes(mono.d, mono.k));
  std::uint64_t unreduced = 1;
  for (std::size_t l = 0; l < mono.k; ++l) unreduced *= mono.d + 1;
  o.report("unreduced tokens (d+1)^k (2.7b)", Side::exact(count_q(unreduced)));
  return o;
}

Outcome counted_vs_spec(const Monomials& mono, const Network& embedding, const Network& blocks,
                        std::size_t free_parameters, const std::vector<Rational>& expected) {
  const CountedSizes s = counted_sizes(embedding, blocks, free_parameters);
  const std::size_t last = s.counted.size() - 1;
  (void)mono;
  return equal_for_all({"tokens n", "width D", "nonzero weights", "free parameters"},
                       {s.counted[0], s.counted[1], s.counted[last - 1], s.counted[last]}, expected);
}

Outcome zero_one_outcome(const Network& embedding) {
  long bad = 0, ones = 0;
  for (const Layer& layer : embedding.layers) {
    const auto* s = std::get_if<SparseDenseLayer>(&layer.kind);
    if (!s) {
      ++bad;  // not an affine sparse layer
      continue;
    }
    for (const SparseEntry& e : s->entries) {
      const Rational v = e.value.rational();
      if (v == Rational(1)) ++ones;
      else if (v != Rational(0)) ++bad;
    }
    for (const Number& b : s->bias) {
      const Rational v = b.rational();
      if (v == Rational(1)) ++ones;
      else if (v != Rational(0)) ++bad;
    }
  }
  if (embedding.layers.size() != 1) ++bad;
  Outcome o(Side::exact(Rational(bad)), Side::exact(Rational(0)));
  o.report("entries equal to 1 (E_0 and E_1..E_d)", Side::exact(Rational(ones)));
  return o;
}

Outcome degree_profile_outcome(const Monomials& mono, const Network& embedding, chain::Verdict states_proved) {
  chain::ForAll fa(Relation::Equal);
  for (std::size_t l = 1; l <= mono.k; ++l) {
    const PolynomialDegree deg = polynomial_degree(r_slice_after(mono, embedding, l));
    const Rational lower = states_proved == chain::Verdict::Proved ? Rational(static_cast<long>(l)) : Rational(0);
    fa.add(Point{}.add("l", Rational(static_cast<long>(l))),
           Side::derived(Enclosure::between(lower, count_q(deg.total)),
                         "upper: certified degree pass; lower: R_l contains x_1^l by F-C4"),
           Side::exact(Rational(static_cast<long>(l))));
  }
  return fa.outcome();
}

Outcome needs_all_blocks_outcome(const Monomials& mono, const Network& embedding, const std::vector<Rational>& c,
                                 chain::Verdict identity_proved) {
  const PolynomialDegree before = polynomial_degree(r_slice_after(mono, embedding, mono.k - 1));
  std::size_t top = 0;
  for (std::size_t t = 0; t < c.size(); ++t)
    if (c[t].sign() != 0) {
      std::size_t deg = 0;
      for (const std::size_t e : exponents(mono.A[mono.k][t], mono.d)) deg += e;
      top = std::max(top, deg);
    }
  const Rational lower = identity_proved == chain::Verdict::Proved ? count_q(top) : Rational(0);
  return Outcome(
      Side::derived(Enclosure::between(Rational(0), count_q(before.total)), "certified degree pass over R_{k-1}"),
      Side::derived(Enclosure::between(lower, count_q(mono.k)),
                    "deg p: the largest degree of a nonzero c_t, given T_c = p (F-C7)"));
}

std::size_t differing_bytes(const std::string& a, const std::string& b) {
  std::size_t n = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) n += a[i] != b[i] ? 1 : 0;
  return n;
}

void add_ablation_steps(chain::Chain& ch, const Monomials& mono, const Network& embedding,
                        const std::vector<Rational>& c, const Program& p, const std::vector<Rational>& x,
                        const std::vector<Rational>& softmax_range, const std::vector<Rational>& ln_range,
                        const Rational& ln_eps) {
  const Rational px = evaluate<Rational>(p, std::span<const Rational>(x), Prec(64)).at(0);
  struct Variant {
    std::string id, name, what;
    BlockOptions options;
    std::vector<Rational> range;
  };
  const std::vector<Variant> variants{
      {"F-C11-softmax",
       "T^sm",
       "row-softmax over all n keys in place of the raw scores (no 1/sqrt(d_k))",
       {.blocks = mono.k, .normalizer = Normalizer::Softmax, .readout = c},
       softmax_range},
      {"F-C11-ln",
       "T^LN",
       "a parameter-free LayerNorm (h - mean) / sqrt(var + eps) over the full width after every block's residual",
       {.blocks = mono.k, .layer_norm_eps = ln_eps, .readout = c},
       ln_range}};
  for (const Variant& v : variants) {
    auto prog = std::make_shared<const Program>(composed_program(embedding, block_network(mono, v.options), true));
    const std::string lemma = v.id == "F-C11-softmax" ? "fang_FC11_softmax" : "fang_FC11_ln";
    ch.add({.id = v.id,
            .claim = "ablation: with " + v.what +
                     ", all else equal, the output differs from p at the sample point (certified disjoint enclosures)",
            .symbols = v.name + "(x) != p(x)",
            .relation = Relation::NotEqual,
            .lhs_name = v.name + "(x)",
            .rhs_name = "p(x)",
            .reference = "A1, A2",
            .status = "R",
            .mode = "NET (balls)",
            .coq_lemma = lemma,
            .coq_note = kCoqNote},
           chain::generic([prog, x, px]<class S>(const chain::Attempt& a) {
             std::vector<S> in(x.size());
             for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], a.prec);
             const S t = evaluate<S>(*prog, std::span<const S>(in), a.prec).at(0);
             S pxs, diff;
             set(pxs, px, a.prec);
             sub(diff, t, pxs, a.prec);
             Outcome o(Side::enclosure(t), Side::exact(px));
             o.report(
                 "difference "
                 "T - p",
                 Side::enclosure(diff));
             return o.where(point_of(x));
           }));
    ch.add({.id = v.id + "-C",
            .claim = "the ablated output " + v.name +
                     "(x) at the sample point lies in the range of the spec's printed digits (4.1)",
            .symbols = v.name + "(x) in spec range",
            .relation = Relation::InClosed,
            .lhs_name = v.name + "(x)",
            .rhs_name = "[spec low, spec high]",
            .reference = "4.1",
            .status = "C",
            .mode = "NET (balls)",
            .coq_lemma = lemma + "_C",
            .coq_note = kCoqNote},
           chain::generic([prog, x, range = v.range]<class S>(const chain::Attempt& a) {
             std::vector<S> in(x.size());
             for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], a.prec);
             const S t = evaluate<S>(*prog, std::span<const S>(in), a.prec).at(0);
             return Outcome::in_range(Side::enclosure(t), Side::exact(range.at(0)), Side::exact(range.at(1)))
                 .where(point_of(x));
           }));
    // Both left sides are output 0 of the ablated blocks on the embedded sample point.
    const Network blocks = block_network(mono, v.options);
    const std::vector<std::string> in = embedded_inputs(embedding, point_inputs(mono.d));
    ch.recheck_network(v.id, "lhs", blocks, "0", in);
    ch.recheck_network(v.id + "-C", "lhs", blocks, "0", in);
  }
}

}  // namespace approxcert::theorems::fang2022
