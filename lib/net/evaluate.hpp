#pragma once
// The ONE generic evaluator: runs a Program over any Scalar type.
// Guarantee (for rigorous S): if every input encloses the exact input coordinate, every node value
// encloses the exact node value, because every node is evaluated by enclosure-preserving scalar
// operations (straight-line-program lemma, proofs/Enclosure.v). Kinks and ties (relu, step,
// piecewise-linear breakpoints, undecided hardmax winners) are enclosed as the hull of every branch.
// A batched S (LaneBatch below) is evaluated lane by lane: lane k is the lane type's evaluation.
#include <algorithm>
#include <concepts>
#include <limits>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "net/program.hpp"
#include "scalar/double_weight.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

// Whether a is exactly the number 0 (an enclosure of the single point 0), for the scalar types
// that can tell; any other type answers false. The evaluator skips such terms of a sum of
// products with finite factors: their exact contribution is 0, so skipping keeps every node's
// exact value, and it leaves the enclosure unchanged (adding an exact 0 at the precision the sum
// is already rounded to is exact).
template <Scalar S>
bool known_exact_zero(const S& a) {
  if constexpr (requires {
                  { is_exact_zero(a) } -> std::same_as<bool>;
                })
    return is_exact_zero(a);
  else return false;
}

// A batched scalar: S::lanes independent values ("lanes") of a lane type L, read and written by
// lane(a, k) and set_lane(r, k, x), whose every operation gives in lane k bit for bit L's operation
// on lane k of its arguments (BatchInterval, LaneArray). The evaluator then decides hardmax per lane
// (eval_hardmax_mix); every other node is a lane-wise operation, and neither S nor L answers
// known_exact_zero for the lane types in use (FastInterval, DirectedInterval), so by induction over
// the nodes lane k of every node value is bit for bit Evaluator<L>'s value at lane k's inputs.
template <class S>
concept LaneBatch = requires(const S& a, S& r, std::size_t k) {
  { S::lanes } -> std::convertible_to<std::size_t>;
  set_lane(r, k, lane(a, k));
};
// The lane type of a batched S; S itself otherwise.
template <class S>
struct lane_type {
  using type = S;
};
template <LaneBatch S>
struct lane_type<S> {
  using type = std::remove_cvref_t<decltype(lane(std::declval<const S&>(), std::size_t{0}))>;
};
template <class S>
using lane_type_t = typename lane_type<S>::type;

template <Scalar S>
class Evaluator {
 public:
  // Converts the program's exact constants to S once, at precision p (and, for a scalar with
  // double weights, notes which of them are exactly doubles).
  Evaluator(const Program& prog, Prec p) : prog_(prog), args_(prog.arg_data()), prec_(p), vals_(prog.nodes().size()) {
    pool_.resize(prog.pool().size());
    for (std::size_t i = 0; i < pool_.size(); ++i) set(pool_[i], prog.pool()[i], prec_);
    if constexpr (HasDoubleWeights<S>)
      for (const Rational& q : prog.pool())
        pool_double_.push_back(exact_double(q).value_or(std::numeric_limits<double>::quiet_NaN()));
    std::size_t most_keys = 0;  // the split rule divides by at most this many tied candidates
    for (const Node& n : prog.nodes())
      if (n.op == Op::Mix) most_keys = std::max<std::size_t>(most_keys, n.num_args / 2);
    counts_.resize(most_keys + 1);
    for (std::size_t k = 0; k < counts_.size(); ++k) set(counts_[k], Rational(static_cast<long>(k)), prec_);
    if constexpr (LaneBatch<S>) {
      lane_counts_.resize(counts_.size());
      for (std::size_t k = 0; k < counts_.size(); ++k) set(lane_counts_[k], Rational(static_cast<long>(k)), prec_);
    }
  }

  // Evaluates every node; inputs.size() must equal the program's input count.
  void run(std::span<const S> inputs);

  std::span<const S> values() const { return vals_; }
  const S& value(NodeId id) const { return vals_[id]; }
  std::vector<S> outputs() const {
    std::vector<S> out;
    for (NodeId id : prog_.outputs()) out.push_back(vals_[id]);
    return out;
  }
  Prec prec() const { return prec_; }

 private:
  const S& v(NodeId id) const { return vals_[id]; }
  // The value of node n's j-th operand.
  const S& arg(const Node& n, std::size_t j) const { return vals_[args_[n.first_arg + j]]; }

  void eval_node(const Node& n, S& r, std::span<const S> inputs) {
    const Prec p = prec_;
    switch (n.op) {
      case Op::Input: r = inputs[static_cast<std::size_t>(n.index)]; return;
      case Op::Const: set_constant(r, n.first); return;
      case Op::Pi: set_pi(r, p); return;
      case Op::Affine: {
        const std::size_t k = n.num_args;
        set_constant(r, n.first + k);
        for (std::size_t j = 0; j < k; ++j)  // the weights are exact finite constants: a 0 operand adds 0
          if (!known_exact_zero(arg(n, j))) addmul_constant(r, arg(n, j), n.first + j);
        return;
      }
      case Op::Dot: {
        const std::size_t k = n.num_args / 2;
        set(r, Rational(0), p);
        for (std::size_t j = 0; j < k; ++j) addmul(r, arg(n, j), arg(n, k + j), p);
        return;
      }
      case Op::Add: add(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Sub: sub(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Mul: mul(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Div: div(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Min: min(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Max: max(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Neg: neg(r, arg(n, 0)); return;
      case Op::PowInt: pow_int(r, arg(n, 0), static_cast<long>(n.index), p); return;
      case Op::Exp: exp(r, arg(n, 0), p); return;
      case Op::Log: log(r, arg(n, 0), p); return;
      case Op::Sqrt: sqrt(r, arg(n, 0), p); return;
      case Op::Sin: sin(r, arg(n, 0), p); return;
      case Op::Cos: cos(r, arg(n, 0), p); return;
      case Op::Tan: tan(r, arg(n, 0), p); return;
      case Op::Atan: atan(r, arg(n, 0), p); return;
      case Op::Expm1: expm1(r, arg(n, 0), p); return;
      case Op::Log1p: log1p(r, arg(n, 0), p); return;
      case Op::Log2: log2(r, arg(n, 0), p); return;
      case Op::Log10: log10(r, arg(n, 0), p); return;
      case Op::Asin: asin(r, arg(n, 0), p); return;
      case Op::Acos: acos(r, arg(n, 0), p); return;
      case Op::Sinh: sinh(r, arg(n, 0), p); return;
      case Op::Cosh: cosh(r, arg(n, 0), p); return;
      case Op::Asinh: asinh(r, arg(n, 0), p); return;
      case Op::Acosh: acosh(r, arg(n, 0), p); return;
      case Op::Atanh: atanh(r, arg(n, 0), p); return;
      case Op::Erf: erf(r, arg(n, 0), p); return;
      case Op::Erfc: erfc(r, arg(n, 0), p); return;
      case Op::Pow: pow(r, arg(n, 0), arg(n, 1), p); return;
      case Op::Tanh: tanh(r, arg(n, 0), p); return;
      case Op::Sigmoid: sigmoid(r, arg(n, 0), p); return;
      case Op::Relu: relu(r, arg(n, 0), p); return;
      case Op::Step: step(r, arg(n, 0), p); return;
      case Op::Abs: abs(r, arg(n, 0), p); return;
      case Op::PiecewiseLinear: eval_piecewise_linear(n, r); return;
      case Op::Mix:
        if (static_cast<Normalizer>(n.index) == Normalizer::Softmax) eval_softmax_mix(n, r);
        else eval_hardmax_mix(n, r);
        return;
    }
    throw std::logic_error("evaluate: unknown op");
  }

  // r := pool[i] and r := r + a * pool[i]: by the scalar's set_double and addmul_double when it
  // has them and the constant is a double (nonzero, for addmul_double): the same results as with
  // the constant converted to S, without reading it as S.
  void set_constant(S& r, std::size_t i) {
    if constexpr (HasDoubleWeights<S>)
      if (const double c = pool_double_[i]; c == c) return set_double(r, c);
    r = pool_[i];
  }
  void addmul_constant(S& r, const S& a, std::size_t i) {
    if constexpr (HasDoubleWeights<S>)
      if (const double w = pool_double_[i]; w == w && w != 0) return addmul_double(r, a, w, prec_);
    addmul(r, a, pool_[i], prec_);
  }

  // f(x) = v_0 + sum_k slope_k * (clamp(x, b_k, b_{k+1}) - b_k): exact for the continuous
  // interpolant with constant extension, and each term is monotone, so balls give enclosures.
  // Pool layout (Program::piecewise_linear): b_0..b_{K-1}, v_0..v_{K-1}, slope_0..slope_{K-2}.
  void eval_piecewise_linear(const Node& n, S& r) {
    const std::size_t K = static_cast<std::size_t>(n.index);
    const S& x = arg(n, 0);
    set_constant(r, n.first + K);
    S t;
    for (std::size_t k = 0; k + 1 < K; ++k) {
      max(t, x, pool_[n.first + k], prec_);
      min(t, t, pool_[n.first + k + 1], prec_);
      sub(t, t, pool_[n.first + k], prec_);
      addmul_constant(r, t, n.first + 2 * K + k);
    }
  }

  // w_j = 1 / sum_k exp(s_k - s_j): each weight is computed from score differences, which keeps
  // the enclosure tight and avoids overflow for large scores. When every score is finite each w_j
  // is a real number in (0, 1], so a value that is exactly 0 adds exactly 0 and its weight is not computed.
  void eval_softmax_mix(const Node& n, S& r) {
    const std::size_t N = n.num_args / 2;
    bool finite_scores = true;
    for (std::size_t k = 0; k < N; ++k) finite_scores = finite_scores && is_finite(arg(n, k));
    S denom, d, e, w;
    set(r, Rational(0), prec_);
    for (std::size_t j = 0; j < N; ++j) {
      if (finite_scores && known_exact_zero(arg(n, N + j))) continue;
      set(denom, Rational(1), prec_);
      for (std::size_t k = 0; k < N; ++k) {
        if (k == j) continue;
        sub(d, arg(n, k), arg(n, j), prec_);
        exp(e, d, prec_);
        add(denom, denom, e, prec_);
      }
      set(w, Rational(1), prec_);
      div(w, w, denom, prec_);
      addmul(r, w, arg(n, N + j), prec_);
    }
  }

  // Candidates are the j that may be the winner on the whole input set: not certainly below some
  // other score, and under a tie rule not certainly beaten by it (HardmaxFirst: some i < j has
  // s_i >= s_j for certain; HardmaxLast: some i > j does). The exact winner (or, for split ties,
  // the exact argmax set) is then among the candidates. If all candidates are certainly tied, the
  // argmax set is exactly the candidates and the split rule averages them; otherwise every value
  // the rule can output lies in the hull of the candidates' values.
  // A batched S (LaneBatch) is decided lane by lane: lane k of r is this same rule run on the lane
  // type with lane k of the scores and values, so (every other node being lane-wise) lane k of
  // every node equals the lane type's evaluation of lane k's inputs (see LaneBatch).
  void eval_hardmax_mix(const Node& n, S& r) {
    const auto rule = static_cast<Normalizer>(n.index);
    const std::size_t N = n.num_args / 2;
    if constexpr (LaneBatch<S>) {
      std::vector<lane_type_t<S>>& in = lane_args_;  // lane k's scores and values, copied once per lane
      in.resize(2 * N);
      for (std::size_t k = 0; k < S::lanes; ++k) {
        for (std::size_t j = 0; j < 2 * N; ++j) in[j] = lane(arg(n, j), k);
        lane_type_t<S> out;
        hardmax(
            rule, N, [&in](std::size_t j) -> const lane_type_t<S>& { return in[j]; }, lane_counts_, out);
        set_lane(r, k, out);
      }
    } else {
      hardmax(
          rule, N, [&](std::size_t j) -> const S& { return arg(n, j); }, counts_, r);
    }
  }
  // The hardmax rule (above) over T: at(j) is score j for j < N and value j - N for N <= j < 2N;
  // counts[c] holds c.
  template <class T, class At>
  void hardmax(Normalizer rule, std::size_t N, At at, const std::vector<T>& counts, T& r) {
    std::vector<std::size_t>& cand = cand_;  // reused: no allocation per node
    cand.clear();
    for (std::size_t j = 0; j < N; ++j) {
      bool out = false;
      for (std::size_t i = 0; i < N && !out; ++i) {
        if (i == j) continue;
        out = less(at(j), at(i)) == Truth::True;
        const bool beaten_at_tie =
            (rule == Normalizer::HardmaxFirst && i < j) || (rule == Normalizer::HardmaxLast && i > j);
        if (!out && beaten_at_tie) out = less_equal(at(j), at(i)) == Truth::True;
      }
      if (!out) cand.push_back(j);
    }
    if (cand.size() == 1) {  // the winner is decided on the whole input set
      r = at(N + cand[0]);
      return;
    }
    bool all_tied = true;
    for (std::size_t c : cand) all_tied = all_tied && equal(at(c), at(cand[0])) == Truth::True;
    if (all_tied && rule == Normalizer::Hardmax) {
      r = counts[0];
      for (std::size_t c : cand) add(r, r, at(N + c), prec_);
      div(r, r, counts[cand.size()], prec_);
      return;
    }
    r = at(N + cand[0]);
    for (std::size_t c : cand) hull(r, r, at(N + c), prec_);
  }

  const Program& prog_;
  const NodeId* args_;  // prog_.arg_data(): the program is not modified while evaluated
  Prec prec_;
  std::vector<S> pool_;
  std::vector<double> pool_double_;  // double-weight scalars: pool[i] as a double, or NaN if not one
  std::vector<S> vals_;
  std::vector<std::size_t> cand_;            // the hardmax candidates of the node being evaluated
  std::vector<S> counts_;                    // 0, 1, ..., the most keys of a Mix node, set once
  std::vector<lane_type_t<S>> lane_counts_;  // the same in the lane type (batched S only)
  std::vector<lane_type_t<S>> lane_args_;    // one lane of a hardmax node's operands (batched S only)
};

// Defined outside the class so that it is not inline: the scalar types used everywhere are
// instantiated once, in net/evaluate.cpp (extern templates below), not in every file that runs a
// program (each instantiation costs about half a second of compile time at -O3).
template <Scalar S>
void Evaluator<S>::run(std::span<const S> inputs) {
  args_ = prog_.arg_data();
  if (inputs.size() != prog_.num_inputs())
    throw std::invalid_argument("evaluate: expected " + std::to_string(prog_.num_inputs()) + " inputs, got " +
                                std::to_string(inputs.size()));
  const auto nodes = prog_.nodes();
  for (std::size_t i = 0; i < nodes.size(); ++i) eval_node(nodes[i], vals_[i], inputs);
}

extern template class Evaluator<Rational>;
extern template class Evaluator<Ball>;
extern template class Evaluator<Interval>;
extern template class Evaluator<Dirty>;

// Convenience: evaluates prog at the inputs and returns its outputs.
template <Scalar S>
std::vector<S> evaluate(const Program& prog, std::span<const S> inputs, Prec p) {
  Evaluator<S> ev(prog, p);
  ev.run(inputs);
  return ev.outputs();
}

}  // namespace approxcert
