#include "reference/soak.hpp"

#include <optional>

#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "reference/random_problems.hpp"
#include "reference/reference_interpreter.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/supnorm.hpp"

namespace approxcert::soak {

namespace {

constexpr long kRefPrec = 512;

Rational exact(const Mp& v) {
  mpq_class q;
  mpfr_get_q(q.get_mpq_t(), v.get());
  return Rational(q);
}

// True when the reference value lies in [lo, hi] up to its own rounding.
bool contains(const Rational& lo, const Rational& hi, const Mp& ref) {
  const Rational v = exact(ref), tol = reference_tolerance(ref, kRefPrec);
  return lo - tol <= v && v <= hi + tol;
}

template <RigorousScalar S>
void check_outputs(const Network& net, const Program& prog, const std::vector<Rational>& x, const std::string& where,
                   SoakReport& report) {
  const Prec p(64);
  std::vector<S> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], p);
  const std::vector<S> out = evaluate<S>(prog, in, p);
  std::vector<Mp> ref;
  try {
    ref = reference_outputs(net, x, kRefPrec);
  } catch (const test::ReferenceUndecided&) {
    ++report.reference_undecided;
    return;
  }
  ++report.evaluations;
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (!is_finite(out[k])) continue;  // an unbounded enclosure claims nothing
    if (!contains(lower(out[k]), upper(out[k]), ref[k]))
      report.violations.push_back(where + ": output " + std::to_string(k) + " enclosure [" +
                                  decimal_down(lower(out[k]), 20) + ", " + decimal_up(upper(out[k]), 20) +
                                  "] misses the reference " + decimal_near(exact(ref[k]), 25) + "\n" +
                                  save_network(net));
  }
}

std::string sum_text(std::size_t dim) {
  std::string s;
  for (std::size_t k = 0; k < dim; ++k) s += (k ? " + x" : "x") + std::to_string(k);
  return s;
}

// |target(x) - net_0(x)| by the reference.
Mp reference_error(const Network& net, const SoakTarget& t, const std::vector<Rational>& x) {
  std::vector<Mp> xs;
  for (const Rational& q : x) {
    Mp v(kRefPrec);
    mpfr_set_q(v.get(), q.get_mpq_t(), MPFR_RNDN);
    xs.push_back(v);
  }
  Mp e(kRefPrec);
  t.reference(e.get(), xs);
  const std::vector<Mp> y = reference_outputs(net, x, kRefPrec);
  mpfr_sub(e.get(), e.get(), y[0].get(), MPFR_RNDN);
  mpfr_abs(e.get(), e.get(), MPFR_RNDN);
  return e;
}

}  // namespace

SoakReport run_soak(std::uint64_t seed, std::uint64_t trials) {
  SoakReport report;
  RandomProblems r(seed);
  for (std::uint64_t trial = 0; trial < trials; ++trial) {
    ++report.trials;
    const std::string where = "seed " + std::to_string(seed) + " trial " + std::to_string(trial);
    const Network net = r.network();
    if (net.input.tokens) ++report.sequence_networks;
    const Program prog = lower(net);
    const std::size_t dim = prog.num_inputs();
    const Box box = r.box(dim);
    for (int i = 0; i < 2; ++i) {
      const std::vector<Rational> x = r.point_in(box);
      check_outputs<Ball>(net, prog, x, where + " (Arb)", report);
      check_outputs<Interval>(net, prog, x, where + " (MPFI)", report);
    }

    const SoakTarget& t = random_target(r);
    const std::string text = t.text == "SUM" ? sum_text(dim) : t.text;
    SupNormOptions o;
    o.max_boxes = 64;
    o.threads = 1;
    o.rel_tol = Rational(mpz_class(1), mpz_class(1000));
    const SupNormResult s = sup_norm(net_error_program(prog, 0, text), box, o);
    ++report.supnorm_problems;
    ++report.by_dim[dim];
    // A point where the reference cannot decide a kink or tie checks nothing (counted).
    const auto error_at = [&](const std::vector<Rational>& x) -> std::optional<Mp> {
      try {
        return reference_error(net, t, x);
      } catch (const test::ReferenceUndecided&) {
        ++report.reference_undecided;
        return std::nullopt;
      }
    };
    const std::optional<Mp> at_witness = s.witness ? error_at(*s.witness) : std::nullopt;
    if (at_witness) {
      const Mp& e = *at_witness;
      ++report.points_checked;
      if (!(exact(e) + reference_tolerance(e, kRefPrec) >= s.lower))
        report.violations.push_back(where + ": sup-norm lower bound " + decimal_up(s.lower, 20) +
                                    " above the reference error " + decimal_near(exact(e), 25) +
                                    " at the witness (target " + text + ")\n" + save_network(net));
    }
    if (s.upper) {
      for (int i = 0; i < 8; ++i) {
        const std::optional<Mp> err = error_at(r.point_in(box));
        if (!err) continue;
        const Mp& e = *err;
        ++report.points_checked;
        if (!(exact(e) - reference_tolerance(e, kRefPrec) <= *s.upper))
          report.violations.push_back(where + ": sup-norm upper bound " + decimal_up(*s.upper, 20) +
                                      " below the reference error " + decimal_near(exact(e), 25) + " (target " + text +
                                      ", domain " + format_domain(box) + ")\n" + save_network(net));
      }
    }
  }
  return report;
}

}  // namespace approxcert::soak
