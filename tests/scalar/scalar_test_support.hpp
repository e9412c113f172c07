#pragma once
// Helpers shared by the scalar-layer tests: a seeded source of random exact rationals, an
// independent MPFR reference (correctly rounded down and up at +100 bits), and exact containment
// checks on the endpoints of an enclosure. Nothing here trusts the code under test.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <cstdint>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

#include "scalar/scalar.hpp"

namespace approxcert::testing {

inline Rational q(long num, long den = 1) { return Rational(mpz_class(num), mpz_class(den)); }

inline bool is_dyadic(const Rational& x) { return mpz_popcount(x.den().get_mpz_t()) == 1; }

// One step of the random expression trees of the FastInterval and BatchInterval tests: operation
// `op` on earlier values a and b (indices into the values so far).
struct ExpressionStep {
  int op;
  std::size_t a, b;
};

// The same operation in a scalar type S (the code under test).
template <class S>
S scalar_step(int op, const S& a, const S& b, Prec p) {
  S r;
  switch (op) {
    case 0: add(r, a, b, p); break;
    case 1: sub(r, a, b, p); break;
    case 2: mul(r, a, b, p); break;
    case 3:
      r = a;
      addmul(r, b, a, p);
      break;
    case 4: div(r, a, b, p); break;
    case 5: neg(r, a); break;
    case 6: pow_int(r, a, 2, p); break;
    case 7: relu(r, a, p); break;
    case 8: abs(r, a, p); break;
    case 9: min(r, a, b, p); break;
    default: max(r, a, b, p); break;
  }
  return r;
}

// The exact value of one step of the random expression trees of the FastInterval and
// BatchInterval tests: op 0 a+b, 1 a-b, 2 a*b, 3 a+b*a, 4 a/b (absent for b = 0), 5 -a, 6 a*a,
// 7 relu(a), 8 |a|, 9 min(a, b), otherwise max(a, b).
inline std::optional<Rational> exact_step(int op, const Rational& a, const Rational& b) {
  switch (op) {
    case 0: return a + b;
    case 1: return a - b;
    case 2: return a * b;
    case 3: return a + b * a;
    case 4:
      if (b.sign() == 0) return std::nullopt;
      return a / b;
    case 5: return -a;
    case 6: return a * a;
    case 7: return max(a, q(0));
    case 8: return abs(a);
    case 9: return min(a, b);
    default: return max(a, b);
  }
}

// Appends to e (the exact inputs, then absent where undefined) the exact value of every step.
inline void append_exact_steps(std::vector<std::optional<Rational>>& e, const std::vector<ExpressionStep>& steps) {
  for (const ExpressionStep& s : steps) {
    const std::optional<Rational> a = e[s.a], b = e[s.b];
    e.push_back(a && b ? exact_step(s.op, *a, *b) : std::nullopt);
  }
}

// ---------------------------------------------------------------------------------------------
// Random exact inputs (fixed seed: failures reproduce).

struct Range {
  Rational lo, hi;
};

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : g_(seed) {}

  long integer(long lo, long hi) { return std::uniform_int_distribution<long>(lo, hi)(g_); }
  bool chance(int percent) { return integer(0, 99) < percent; }

  // A denominator of every kind that matters: 1, powers of 2 and 10, small and large odd numbers.
  mpz_class denominator() {
    switch (integer(0, 5)) {
      case 0: return 1;
      case 1: return mpz_class(1) << static_cast<unsigned>(integer(1, 62));
      case 2: {
        mpz_class d;
        mpz_ui_pow_ui(d.get_mpz_t(), 10, static_cast<unsigned long>(integer(1, 18)));
        return d;
      }
      case 3: return mpz_class(static_cast<long>(std::vector<long>{3, 7, 9, 11, 1000003}[integer(0, 4)]));
      case 4: return mpz_class((1L << 61) - 1);  // a Mersenne prime: far from any dyadic
      default: return integer(2, 1L << 40);
    }
  }

  // t in [0, 1] with a random denominator.
  Rational unit() {
    const mpz_class d = denominator();
    mpz_class m;
    if (d.fits_ulong_p()) m = std::uniform_int_distribution<unsigned long>(0, d.get_ui())(g_);
    else m = d;
    return Rational(m, d);
  }

  // A rational in [lo, hi]: often an endpoint, the midpoint or 0, otherwise lo + t (hi - lo).
  Rational in(const Rational& lo, const Rational& hi) {
    const long k = integer(0, 99);
    if (k < 12) return lo;
    if (k < 24) return hi;
    if (k < 30) return (lo + hi) * q(1, 2);
    if (k < 36 && lo <= Rational(0) && Rational(0) <= hi) return Rational(0);
    return lo + unit() * (hi - lo);
  }

  // A dyadic rational in [lo, hi] (lo, hi dyadic): an endpoint, 0, or lo + k 2^-j (hi - lo).
  Rational dyadic_in(const Rational& lo, const Rational& hi) {
    const long k = integer(0, 99);
    if (k < 15) return lo;
    if (k < 30) return hi;
    if (k < 35 && lo <= Rational(0) && Rational(0) <= hi) return Rational(0);
    const long j = integer(1, 62);
    const unsigned long m = std::uniform_int_distribution<unsigned long>(0, 1UL << j)(g_);
    return lo + Rational(mpz_class(m), mpz_class(1) << static_cast<unsigned>(j)) * (hi - lo);
  }

  // A width in [0, max]: 0, 2^-k, 10^-k, or a random fraction of max.
  Rational width(const Rational& max) {
    Rational w;
    switch (integer(0, 5)) {
      case 0: w = Rational(0); break;
      case 1: w = pow2(-integer(1, 200)); break;
      case 2: w = pow10(-integer(1, 60)); break;
      default: w = unit() * max; break;
    }
    return w < max ? w : max;
  }

  // An interval inside one of `ranges`; with `kinks`, often touching, straddling or equal to one.
  Range interval(const std::vector<Range>& ranges, const std::vector<Rational>& kinks) {
    for (;;) {
      const Range& r = ranges[static_cast<std::size_t>(integer(0, static_cast<long>(ranges.size()) - 1))];
      Range out;
      if (!kinks.empty() && chance(35)) {
        const Rational& k = kinks[static_cast<std::size_t>(integer(0, static_cast<long>(kinks.size()) - 1))];
        const Rational w1 = width(q(2)), w2 = width(q(2));
        switch (integer(0, 3)) {
          case 0: out = {k, k}; break;
          case 1: out = {k - w1, k}; break;
          case 2: out = {k, k + w1}; break;
          default: out = {k - w1, k + w2}; break;
        }
      } else {
        const Rational w = width(r.hi - r.lo);
        const Rational lo = in(r.lo, r.hi - w);
        out = {lo, lo + w};
      }
      if (r.lo <= out.lo && out.hi <= r.hi) return out;
    }
  }

  // A precision used by the random oracles.
  Prec prec() { return Prec(std::vector<long>{30, 53, 64, 128, 256}[static_cast<std::size_t>(integer(0, 4))]); }

 private:
  std::mt19937_64 g_;
};

// ---------------------------------------------------------------------------------------------
// Independent MPFR reference.

class Mpfr {
 public:
  explicit Mpfr(long prec) { mpfr_init2(v, prec < MPFR_PREC_MIN ? MPFR_PREC_MIN : prec); }
  ~Mpfr() { mpfr_clear(v); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
  mpfr_t v;
};

// x exactly as an MPFR number (x must be dyadic; the precision is chosen to hold it).
inline void set_exact(Mpfr& m, const Rational& x) {
  REQUIRE(is_dyadic(x));
  const long bits = static_cast<long>(mpz_sizeinbase(x.num().get_mpz_t(), 2));
  mpfr_set_prec(m.v, bits < MPFR_PREC_MIN ? MPFR_PREC_MIN : bits);
  REQUIRE(mpfr_set_q(m.v, x.get_mpq_t(), MPFR_RNDN) == 0);
}

// q rounded to a double by MPFR in direction rnd (53 bits, IEEE double's exponent range through
// mpfr_subnormalize), as a double (+-inf where the rounding overflows).
inline double mpfr_rounded_double(const Rational& q, mpfr_rnd_t rnd) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  Mpfr m(53);
  const int t = mpfr_set_q(m.v, q.get_mpq_t(), rnd);
  mpfr_subnormalize(m.v, t, rnd);
  const double d = mpfr_get_d(m.v, rnd);  // exact: m has 53 bits in the double range
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  return d;
}

inline Rational to_rational(const mpfr_t m) {
  REQUIRE(mpfr_number_p(m));
  mpq_class out;
  mpfr_get_q(out.get_mpq_t(), m);
  return Rational(out);
}

// lo <= exact value <= hi.
struct Bracket {
  Rational lo, hi;
};

using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

// f(x) rounded down and up by MPFR (correct rounding) at `prec` bits.
inline Bracket mpfr_bracket(MpfrUnary f, const Rational& x, long prec) {
  Mpfr in(2), lo(prec), hi(prec);
  set_exact(in, x);
  f(lo.v, in.v, MPFR_RNDD);
  f(hi.v, in.v, MPFR_RNDU);
  return {to_rational(lo.v), to_rational(hi.v)};
}

// sigmoid(x) = 1/(1 + exp(-x)) is decreasing in exp(-x): round each step in the safe direction.
inline Bracket sigmoid_bracket(const Rational& x, long prec) {
  Mpfr in(2), t(prec);
  set_exact(in, x);
  Bracket out;
  for (mpfr_rnd_t outer : {MPFR_RNDD, MPFR_RNDU}) {
    const mpfr_rnd_t inner = outer == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_neg(t.v, in.v, inner);  // may round when x has more bits than prec
    mpfr_exp(t.v, t.v, inner);
    mpfr_add_ui(t.v, t.v, 1, inner);
    mpfr_ui_div(t.v, 1, t.v, outer);
    (outer == MPFR_RNDD ? out.lo : out.hi) = to_rational(t.v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Exact containment checks on enclosures. An endpoint that throws std::domain_error is infinite.

template <class S>
std::optional<Rational> lower_bound_of(const S& e) {
  try {
    return lower(e);
  } catch (const std::domain_error&) {
    return std::nullopt;
  }
}
template <class S>
std::optional<Rational> upper_bound_of(const S& e) {
  try {
    return upper(e);
  } catch (const std::domain_error&) {
    return std::nullopt;
  }
}

// Every point of [lo, hi] lies in e.
template <class S>
bool encloses(const S& e, const Rational& lo, const Rational& hi) {
  const auto l = lower_bound_of(e);
  const auto u = upper_bound_of(e);
  return (!l || *l <= lo) && (!u || hi <= *u);
}
template <class S>
bool encloses(const S& e, const Rational& x) {
  return encloses(e, x, x);
}
template <class S>
bool encloses(const S& e, const Bracket& b) {
  return encloses(e, b.lo, b.hi);
}

// e and [lo, hi] share a point.
template <class S>
bool overlaps(const S& e, const Rational& lo, const Rational& hi) {
  const auto l = lower_bound_of(e);
  const auto u = upper_bound_of(e);
  return (!l || *l <= hi) && (!u || lo <= *u);
}
template <class S>
bool overlaps(const S& a, const S& b) {
  const auto l = lower_bound_of(b);
  const auto u = upper_bound_of(b);
  if (!l || !u) return true;
  return overlaps(a, *l, *u);
}

// Every point of e exactly: [mid - rad, mid + rad]. (lower/upper are only promised to be bounds:
// Ball's may be rounded outward, so points sampled between them could lie outside the ball.)
template <class S>
Range exact_range(const S& e) {
  return {mid(e) - rad(e), mid(e) + rad(e)};
}

// e contains f(x), given f's MPFR bracket at any precision: the bracket is refined (up to 2^15
// bits) until it lies inside e or outside it. Refining matters for structured points (tiny x,
// where f(x) is within 2^-400 of a short dyadic that is a legitimate endpoint of e).
template <class S, class Reference>
bool encloses_value(const S& e, const Reference& reference, long bits) {
  for (; bits <= (1L << 15); bits *= 2) {
    const Bracket b = reference(bits);
    if (encloses(e, b)) return true;
    if (!overlaps(e, b.lo, b.hi)) return false;
  }
  return false;
}

// Neither endpoint is available: the whole real line (Arb's "indeterminate", MPFI's NaN or
// [-inf, +inf]).
template <class S>
bool is_indeterminate(const S& e) {
  return !is_finite(e) && !lower_bound_of(e) && !upper_bound_of(e);
}

template <class S>
S make(const Rational& x, Prec p) {
  S r;
  set(r, x, p);
  return r;
}
template <class S>
S make(const Rational& lo, const Rational& hi, Prec p) {
  S r;
  set_interval(r, lo, hi, p);
  return r;
}
template <class S>
S make(const Range& r, Prec p) {
  return make<S>(r.lo, r.hi, p);
}

// Width of a finite enclosure, exactly.
template <class S>
Rational width(const S& e) {
  return upper(e) - lower(e);
}

// Random rational expression trees of the double-interval tests: `trees` trees of 6 steps
// (scalar_step) over 3 random exact input intervals (with point_inputs, every other tree on exact
// points); at the corners of the input box and at random interior points the exact value of every
// step (append_exact_steps) must lie in the result. valid(r) is REQUIREd of every result. Returns
// the number of values checked and of results that are exact points.
template <class S, class Valid>
std::pair<int, int> check_random_trees(Rng& rng, int trees, bool point_inputs, Valid valid) {
  const Prec p(53);
  int checked = 0, points = 0;
  for (int c = 0; c < trees; ++c) {
    std::vector<Range> box(3);
    std::vector<S> v(3);
    for (std::size_t i = 0; i < 3; ++i) {
      const Rational lo = rng.in(q(-4), q(4)) * pow2(rng.integer(-30, 3));
      box[i] = {lo, lo + (point_inputs && c % 2 ? Rational(0) : rng.width(q(2)))};
      set_interval(v[i], box[i].lo, box[i].hi, p);
    }
    // steps[k] combines values v[a], v[b] (v starts with the three inputs).
    std::vector<ExpressionStep> steps;
    for (int k = 0; k < 6; ++k)
      steps.push_back({static_cast<int>(rng.integer(0, 10)), static_cast<std::size_t>(rng.integer(0, 2 + k)),
                       static_cast<std::size_t>(rng.integer(0, 2 + k))});
    for (const ExpressionStep& s : steps) {
      const S r = scalar_step(s.op, v[s.a], v[s.b], p);
      REQUIRE(valid(r));
      points += is_finite(r) && lower(r) == upper(r) ? 1 : 0;
      v.push_back(r);
    }
    for (int k = 0; k < 12; ++k) {
      std::vector<Rational> x(3);
      for (std::size_t i = 0; i < 3; ++i)
        x[i] = k < 8 ? ((k >> i) & 1 ? box[i].hi : box[i].lo) : rng.in(box[i].lo, box[i].hi);
      std::vector<std::optional<Rational>> e(x.begin(), x.end());
      append_exact_steps(e, steps);
      for (std::size_t j = 3; j < v.size(); ++j) {
        if (!e[j]) continue;  // undefined at this point (division by 0)
        CAPTURE(j);
        CAPTURE(e[j]->to_string());
        CHECK(encloses(v[j], *e[j]));
        ++checked;
      }
    }
  }
  return {checked, points};
}

}  // namespace approxcert::testing
