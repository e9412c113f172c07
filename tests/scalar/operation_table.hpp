#pragma once
// The scalar operations under test, one row each: how to call it on S, where its random inputs come
// from (ranges and kinks), and its independent reference: the exact rational value for rational
// operations, or an MPFR bracket for transcendental ones.
#include <functional>
#include <string>
#include <vector>

#include "scalar/fast_interval.hpp"
#include "scalar_test_support.hpp"

namespace approxcert::testing {

struct ArgDomain {
  std::vector<Range> ranges;    // inputs are drawn inside one of these
  std::vector<Rational> kinks;  // and often touch, straddle or equal one of these
};

template <class S>
struct Operation {
  std::string name;
  std::vector<ArgDomain> args;
  // r := op(args) at precision p. addmul takes args {c, a, b} and computes c + a*b.
  std::function<void(S&, const std::vector<S>&, Prec)> eval;
  // Exact value at an exact point (rational operations); empty for transcendental ones.
  std::function<Rational(const std::vector<Rational>&)> exact;
  // MPFR bracket of f(x) at a dyadic x, at the given number of bits (transcendental operations).
  std::function<Bracket(const Rational&, long)> reference;
  // The same for a transcendental operation of several arguments (pow), when reference is empty.
  std::function<Bracket(const std::vector<Rational>&, long)> reference_n;
  // Points where the mathematical function is defined (others are not sampled).
  std::function<bool(const std::vector<Rational>&)> defined = [](const std::vector<Rational>&) { return true; };
  // Whether a finite enclosure is required, given the exact input enclosures [mid - rad, mid + rad].
  // (Not a soundness matter: it keeps the oracles from passing vacuously on unbounded results.)
  std::function<bool(const std::vector<Range>&)> finite_expected = [](const std::vector<Range>&) { return true; };
  bool aliasable = true;  // r may be passed as one of the arguments
};

inline const std::vector<Range> kWide = {{q(-8), q(8)}};
inline const std::vector<Range> kNonzero = {{q(-8), -pow2(-20)}, {pow2(-20), q(8)}};
inline const std::vector<Rational> kZero = {q(0)};

inline bool excludes_zero(const Range& r) { return r.lo.sign() > 0 || r.hi.sign() < 0; }

// x^(n/d) for a dyadic x > 0 without exp or log: the d-th root rounded down and up (mpfr_rootn_ui),
// then its n-th power (mpfr_pow_si), each step rounded in the direction that keeps the bracket
// (t^n is increasing in t for n > 0, decreasing for n < 0).
inline Bracket rational_power_bracket(const Rational& x, long n, unsigned long d, long prec) {
  Mpfr in(2), root(prec + 20), out(prec);
  set_exact(in, x);
  Bracket b;
  for (mpfr_rnd_t dir : {MPFR_RNDD, MPFR_RNDU}) {
    const mpfr_rnd_t root_dir = (n > 0) == (dir == MPFR_RNDD) ? MPFR_RNDD : MPFR_RNDU;
    mpfr_rootn_ui(root.v, in.v, d, root_dir);
    mpfr_pow_si(out.v, root.v, n, dir);
    (dir == MPFR_RNDD ? b.lo : b.hi) = to_rational(out.v);
  }
  return b;
}

// x^y for dyadic x > 0 and y: mpfr_pow, correctly rounded down and up.
inline Bracket pow_bracket(const std::vector<Rational>& xy, long prec) {
  Mpfr x(2), y(2), lo(prec), hi(prec);
  set_exact(x, xy[0]);
  set_exact(y, xy[1]);
  mpfr_pow(lo.v, x.v, y.v, MPFR_RNDD);
  mpfr_pow(hi.v, x.v, y.v, MPFR_RNDU);
  return {to_rational(lo.v), to_rational(hi.v)};
}

// The scalar operation F on S as a plain function (found by argument-dependent lookup, so that an
// operation S inherits, such as DirectedInterval's exp from FastInterval, is found too).
#define APPROXCERT_CALL1(F) [](S& r, const S& a, Prec p) { F(r, a, p); }
#define APPROXCERT_CALL2(F) [](S& r, const S& a, const S& b, Prec p) { F(r, a, b, p); }

template <class S>
std::vector<Operation<S>> operations() {
  using V = std::vector<S>;
  using X = std::vector<Rational>;
  using R = std::vector<Range>;
  const ArgDomain wide{kWide, kZero};
  std::vector<Operation<S>> ops;

  auto binary = [&](std::string name, void (*f)(S&, const S&, const S&, Prec), Rational (*exact)(const X&)) {
    Operation<S> op;
    op.name = std::move(name);
    op.args = {wide, wide};
    op.eval = [f](S& r, const V& a, Prec p) { f(r, a[0], a[1], p); };
    op.exact = exact;
    ops.push_back(op);
  };
  binary("add", APPROXCERT_CALL2(add), [](const X& x) { return x[0] + x[1]; });
  binary("sub", APPROXCERT_CALL2(sub), [](const X& x) { return x[0] - x[1]; });
  binary("mul", APPROXCERT_CALL2(mul), [](const X& x) { return x[0] * x[1]; });
  binary("min", APPROXCERT_CALL2(min), [](const X& x) { return min(x[0], x[1]); });
  binary("max", APPROXCERT_CALL2(max), [](const X& x) { return max(x[0], x[1]); });
  binary("div", APPROXCERT_CALL2(div), [](const X& x) { return x[0] / x[1]; });
  ops.back().args[1] = {kNonzero, {pow2(-20), -pow2(-20)}};
  ops.back().defined = [](const X& x) { return x[1].sign() != 0; };
  ops.back().finite_expected = [](const R& r) { return excludes_zero(r[1]); };

  {
    Operation<S> op;
    op.name = "addmul";
    op.args = {wide, wide, wide};
    op.eval = [](S& r, const V& a, Prec p) {
      r = a[0];
      addmul(r, a[1], a[2], p);
    };
    op.exact = [](const X& x) { return x[0] + x[1] * x[2]; };
    op.aliasable = false;  // r is the accumulator, not an alias of a or b
    ops.push_back(op);
  }
  {
    Operation<S> op;
    op.name = "neg";
    op.args = {wide};
    op.eval = [](S& r, const V& a, Prec) { neg(r, a[0]); };
    op.exact = [](const X& x) { return -x[0]; };
    ops.push_back(op);
  }
  for (long n : {-3L, -2L, -1L, 0L, 1L, 2L, 3L, 4L, 7L}) {
    Operation<S> op;
    op.name = "pow_int(" + std::to_string(n) + ")";
    op.args = {n < 0 ? ArgDomain{kNonzero, {pow2(-20), -pow2(-20)}} : ArgDomain{{{q(-4), q(4)}}, kZero}};
    op.eval = [n](S& r, const V& a, Prec p) { pow_int(r, a[0], n, p); };
    op.exact = [n](const X& x) { return pow_int(x[0], n); };
    if (n < 0) {
      op.defined = [](const X& x) { return x[0].sign() != 0; };
      // A Ball is mid +/- rad with a 30-bit radius: [lo^n, hi^n] can only be held without reaching
      // 0 when lo^n/hi^n is not tiny.
      op.finite_expected = [n](const R& r) {
        if (!excludes_zero(r[0])) return false;
        const Rational ratio = min(abs(r[0].lo), abs(r[0].hi)) / max(abs(r[0].lo), abs(r[0].hi));
        return pow_int(ratio, -n) >= pow2(-24);
      };
    }
    ops.push_back(op);
  }

  auto unary_exact = [&](std::string name, void (*f)(S&, const S&, Prec), Rational (*exact)(const X&)) {
    Operation<S> op;
    op.name = std::move(name);
    op.args = {{{{q(-4), q(4)}}, kZero}};
    op.eval = [f](S& r, const V& a, Prec p) { f(r, a[0], p); };
    op.exact = exact;
    ops.push_back(op);
  };
  unary_exact("relu", APPROXCERT_CALL1(relu), [](const X& x) { return max(x[0], q(0)); });
  unary_exact("step", APPROXCERT_CALL1(step), [](const X& x) { return x[0].sign() >= 0 ? q(1) : q(0); });
  unary_exact("abs", APPROXCERT_CALL1(abs), [](const X& x) { return abs(x[0]); });

  auto unary_mpfr = [&](std::string name, void (*f)(S&, const S&, Prec), ArgDomain dom,
                        std::function<Bracket(const Rational&, long)> ref) {
    Operation<S> op;
    op.name = std::move(name);
    op.args = {std::move(dom)};
    op.eval = [f](S& r, const V& a, Prec p) { f(r, a[0], p); };
    op.reference = std::move(ref);
    ops.push_back(op);
  };
  auto mpfr = [](MpfrUnary f) { return [f](const Rational& x, long bits) { return mpfr_bracket(f, x, bits); }; };
  unary_mpfr("exp", APPROXCERT_CALL1(exp), {{{q(-30), q(30)}}, kZero}, mpfr(mpfr_exp));
  unary_mpfr("log", APPROXCERT_CALL1(log), {{{pow2(-40), q(1000)}}, {q(1)}}, mpfr(mpfr_log));
  ops.back().defined = [](const X& x) { return x[0].sign() > 0; };
  ops.back().finite_expected = [](const R& r) { return r[0].lo.sign() > 0; };
  unary_mpfr("expm1", APPROXCERT_CALL1(expm1), {{{q(-30), q(30)}, {-pow2(-30), pow2(-30)}}, kZero}, mpfr(mpfr_expm1));
  unary_mpfr("log1p", APPROXCERT_CALL1(log1p),
             {{{q(-1) + pow2(-40), q(1000)}, {-pow2(-30), pow2(-30)}}, {q(0), q(-1, 2)}}, mpfr(mpfr_log1p));
  ops.back().defined = [](const X& x) { return q(-1) < x[0]; };
  ops.back().finite_expected = [](const R& r) { return q(-1) < r[0].lo; };
  unary_mpfr("log2", APPROXCERT_CALL1(log2), {{{pow2(-40), q(1000)}}, {q(1), q(2)}}, mpfr(mpfr_log2));
  ops.back().defined = [](const X& x) { return x[0].sign() > 0; };
  ops.back().finite_expected = [](const R& r) { return r[0].lo.sign() > 0; };
  unary_mpfr("log10", APPROXCERT_CALL1(log10), {{{pow2(-40), q(1000)}}, {q(1), q(10)}}, mpfr(mpfr_log10));
  ops.back().defined = [](const X& x) { return x[0].sign() > 0; };
  ops.back().finite_expected = [](const R& r) { return r[0].lo.sign() > 0; };
  unary_mpfr("asin", APPROXCERT_CALL1(asin), {{{q(-1), q(1)}}, {q(-1), q(0), q(1)}}, mpfr(mpfr_asin));
  ops.back().defined = [](const X& x) { return abs(x[0]) <= q(1); };
  ops.back().finite_expected = [](const R& r) { return q(-1) <= r[0].lo && r[0].hi <= q(1); };
  unary_mpfr("acos", APPROXCERT_CALL1(acos), {{{q(-1), q(1)}}, {q(-1), q(0), q(1)}}, mpfr(mpfr_acos));
  ops.back().defined = [](const X& x) { return abs(x[0]) <= q(1); };
  ops.back().finite_expected = [](const R& r) { return q(-1) <= r[0].lo && r[0].hi <= q(1); };
  unary_mpfr("sinh", APPROXCERT_CALL1(sinh), {{{q(-30), q(30)}}, kZero}, mpfr(mpfr_sinh));
  unary_mpfr("cosh", APPROXCERT_CALL1(cosh), {{{q(-30), q(30)}}, kZero}, mpfr(mpfr_cosh));
  unary_mpfr("asinh", APPROXCERT_CALL1(asinh), {{{q(-1000), q(1000)}, {-pow2(-30), pow2(-30)}}, kZero},
             mpfr(mpfr_asinh));
  unary_mpfr("acosh", APPROXCERT_CALL1(acosh), {{{q(1), q(1000)}}, {q(1), q(2)}}, mpfr(mpfr_acosh));
  ops.back().defined = [](const X& x) { return q(1) <= x[0]; };
  ops.back().finite_expected = [](const R& r) { return q(1) <= r[0].lo; };
  unary_mpfr("atanh", APPROXCERT_CALL1(atanh), {{{q(-1) + pow2(-40), q(1) - pow2(-40)}}, {q(0), q(1, 2), q(-1, 2)}},
             mpfr(mpfr_atanh));
  ops.back().defined = [](const X& x) { return abs(x[0]) < q(1); };
  ops.back().finite_expected = [](const R& r) { return q(-1) < r[0].lo && r[0].hi < q(1); };
  unary_mpfr("erf", APPROXCERT_CALL1(erf), {{{q(-10), q(10)}, {-pow2(-30), pow2(-30)}}, kZero}, mpfr(mpfr_erf));
  unary_mpfr("erfc", APPROXCERT_CALL1(erfc), {{{q(-10), q(30)}}, {q(0), q(5)}}, mpfr(mpfr_erfc));
  // Real powers with a fixed exponent n/d (the exponent itself enclosed at the working precision),
  // against roots and integer powers; and pow with both arguments random, against mpfr_pow.
  for (const auto& [n, d] :
       std::vector<std::pair<long, unsigned long>>{{1, 3}, {2, 3}, {-1, 2}, {3, 4}, {-5, 3}, {7, 2}}) {
    Operation<S> op;
    op.name = "pow(x, " + std::to_string(n) + "/" + std::to_string(d) + ")";
    op.args = {ArgDomain{{{pow2(-20), q(100)}}, {q(1), q(8)}}};
    op.eval = [n, d](S& r, const V& a, Prec p) { pow(r, a[0], make<S>(q(n, static_cast<long>(d)), p), p); };
    op.reference = [n, d](const Rational& x, long bits) { return rational_power_bracket(x, n, d, bits); };
    op.defined = [](const X& x) { return x[0].sign() > 0; };
    op.finite_expected = [](const R& r) { return r[0].lo.sign() > 0; };
    ops.push_back(op);
  }
  {
    Operation<S> op;
    op.name = "pow";
    op.args = {ArgDomain{{{pow2(-20), q(16)}}, {q(1)}}, ArgDomain{{{q(-4), q(4)}}, {q(0), q(1)}}};
    op.eval = [](S& r, const V& a, Prec p) { pow(r, a[0], a[1], p); };
    op.reference_n = pow_bracket;
    op.defined = [](const X& x) { return x[0].sign() > 0; };
    op.finite_expected = [](const R& r) { return r[0].lo.sign() > 0; };
    ops.push_back(op);
  }
  unary_mpfr("sqrt", APPROXCERT_CALL1(sqrt), {{{q(0), q(1000)}}, {q(0), q(1)}}, mpfr(mpfr_sqrt));
  ops.back().defined = [](const X& x) { return x[0].sign() >= 0; };
  ops.back().finite_expected = [](const R& r) { return r[0].lo.sign() >= 0; };
  unary_mpfr("sin", APPROXCERT_CALL1(sin), {{{q(-20), q(20)}}, kZero}, mpfr(mpfr_sin));
  unary_mpfr("cos", APPROXCERT_CALL1(cos), {{{q(-20), q(20)}}, kZero}, mpfr(mpfr_cos));
  // tan: inside the branches (-pi/2, pi/2), (pi/2, 3pi/2), (-3pi/2, -pi/2), away from the poles.
  unary_mpfr("tan", APPROXCERT_CALL1(tan),
             {{{q(-3, 2), q(3, 2)}, {q(158, 100), q(470, 100)}, {q(-470, 100), q(-158, 100)}}, kZero}, mpfr(mpfr_tan));
  ops.back().finite_expected = [](const R& r) { return r[0].hi - r[0].lo <= q(1, 4); };
  unary_mpfr("atan", APPROXCERT_CALL1(atan), {{{q(-40), q(40)}}, kZero}, mpfr(mpfr_atan));
  // Arb's tanh of a ball wider than about 20 is indeterminate (its exp(2x)+1 reaches 0): sound.
  unary_mpfr("tanh", APPROXCERT_CALL1(tanh), {{{q(-40), q(40)}}, kZero}, mpfr(mpfr_tanh));
  ops.back().finite_expected = [](const R& r) { return r[0].hi - r[0].lo <= q(16); };
  unary_mpfr("sigmoid", APPROXCERT_CALL1(sigmoid), {{{q(-40), q(40)}}, kZero}, sigmoid_bracket);
  ops.back().finite_expected = [](const R& r) { return r[0].hi - r[0].lo <= q(32); };
  return ops;
}
#undef APPROXCERT_CALL1
#undef APPROXCERT_CALL2

template <class S>
Operation<S> operation(const std::string& name) {
  for (auto& op : operations<S>())
    if (op.name == name) return op;
  FAIL("no operation named " << name);
  return {};
}

}  // namespace approxcert::testing
