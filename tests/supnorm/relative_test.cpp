// Relative mode (supnorm --relative): sup |(approx - target)/target| with removable zeros.
// References, all independent of the engine: closed forms of the supremum evaluated with MPFR at
// 300 bits directly (mpfr_sin, mpfr_cos, mpfr_log, mpfr_expm1: a different library and code path
// from the Arb series the engine uses), an exact rational supremum (q = x/10), and MPFR point
// values of q compared with each divided-form enclosure without slack.
#include <doctest/doctest.h>
#include <mpfr.h>

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "check/cover_check.hpp"
#include "cli_support.hpp"
#include "io/certificate_envelope.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/quotient_taylor_model.hpp"
#include "supnorm/removable_zero.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;
using namespace approxcert::supnorm_test;

namespace {

constexpr mpfr_prec_t kRefBits = 300;

// An MPFR number as an enclosing pair of exact rationals (value +- 2^-280 relative, far below
// every tolerance used here, but as an interval so no comparison depends on rounding).
struct Ref {
  Rational lo, hi;
};
Ref enclose(mpfr_t v) {
  mpq_t q;
  mpq_init(q);
  mpfr_get_q(q, v);
  const Rational mid{mpq_class(q)};
  mpq_clear(q);
  const Rational slack = abs(mid) * pow2(-280);
  return {mid - slack, mid + slack};
}

// f evaluated by MPFR on the exact rational x.
Ref mpfr_value(const Rational& x, const std::function<void(mpfr_t, const mpfr_t)>& f) {
  mpfr_t a, r;
  mpfr_inits2(kRefBits, a, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(a, x.get_mpq_t(), MPFR_RNDN);
  f(r, a);
  Ref out = enclose(r);
  mpfr_clears(a, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

Program relative_program(const std::string& approx, const std::string& target) {
  return relative_error_program(expression_error_program(approx, target, 1));
}

SupNormResult run_relative(const Program& prog, const Box& domain, const Rational& rel_tol) {
  SupNormOptions o;
  o.rel_tol = rel_tol;
  o.abs_tol = Rational(0);
  o.threads = 1;
  o.max_boxes = 200000;
  o.removable_zeros = find_removable_zeros(prog, domain, Prec(64), "relative mode");
  return sup_norm(prog, domain, o);
}

// The enclosure holds the reference and is within the tolerance.
void check_encloses(const SupNormResult& r, const Ref& sup) {
  CHECK(r.status == SupNormStatus::Converged);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= sup.hi);
  CHECK(sup.lo <= *r.upper);
}

Box interval(const Rational& lo, const Rational& hi) { return Box{{lo}, {hi}}; }

}  // namespace

TEST_CASE("relative: suprema with a removable zero agree with closed forms (MPFR)") {
  const Rational tol = frac(1, 1000000000);
  SUBCASE("x vs sin(x) on [-1/2, 1/2]: sup = (1/2)/sin(1/2) - 1 (x/sin x increases in |x|)") {
    const Program p = relative_program("x", "sin(x)");
    const Ref sup = mpfr_value(frac(1, 2), [](mpfr_t r, const mpfr_t a) {
      mpfr_sin(r, a, MPFR_RNDN);
      mpfr_div(r, a, r, MPFR_RNDN);
      mpfr_sub_ui(r, r, 1, MPFR_RNDN);
    });
    check_encloses(run_relative(p, interval(frac(-1, 2), frac(1, 2)), tol), sup);
  }
  SUBCASE("x vs exp(x) - 1 on [-1/4, 1/4]: sup = (1/4)/(1 - e^(-1/4)) - 1 at x = -1/4") {
    const Program p = relative_program("x", "exp(x) - 1");
    const Ref sup = mpfr_value(frac(-1, 4), [](mpfr_t r, const mpfr_t a) {
      mpfr_expm1(r, a, MPFR_RNDN);
      mpfr_div(r, a, r, MPFR_RNDN);
      mpfr_sub_ui(r, r, 1, MPFR_RNDN);
    });
    check_encloses(run_relative(p, interval(frac(-1, 4), frac(1, 4)), tol), sup);
  }
  SUBCASE("x^2/2 vs 1 - cos(x) on [-1, 1], a zero of order 2: sup = 1/(2 (1 - cos 1)) - 1") {
    const Program p = relative_program("x^2/2", "1 - cos(x)");
    const Ref sup = mpfr_value(Rational(1), [](mpfr_t r, const mpfr_t a) {
      mpfr_cos(r, a, MPFR_RNDN);
      mpfr_ui_sub(r, 1, r, MPFR_RNDN);
      mpfr_mul_ui(r, r, 2, MPFR_RNDN);
      mpfr_ui_div(r, 1, r, MPFR_RNDN);
      mpfr_sub_ui(r, r, 1, MPFR_RNDN);
    });
    check_encloses(run_relative(p, interval(Rational(-1), Rational(1)), tol), sup);
  }
  SUBCASE("(x - 1)/log 2 vs log2(x) = log(x)/log(2) on [1/2, 3/2], a zero at 1: sup = 1 - 1/(2 log 2)") {
    const Program p = relative_program("(x - 1)/log(2)", "log(x)/log(2)");
    const Ref sup = mpfr_value(frac(1, 2), [](mpfr_t r, const mpfr_t a) {
      mpfr_log(r, a, MPFR_RNDN);  // (x - 1)/log(x) increases in x, so |q| is largest at an end: here 1/2
      mpfr_t d;
      mpfr_init2(d, kRefBits);
      mpfr_sub_ui(d, a, 1, MPFR_RNDN);
      mpfr_div(r, d, r, MPFR_RNDN);
      mpfr_ui_sub(r, 1, r, MPFR_RNDN);
      mpfr_clear(d);
    });
    check_encloses(run_relative(p, interval(frac(1, 2), frac(3, 2)), tol), sup);
  }
}

TEST_CASE("relative: three zeros of the target, q = x/10 exactly: sup = 1/5 on [-1, 2]") {
  const Program p = relative_program("x*(x - 1)*(2*x - 1)*(1 + x/10)", "x*(x - 1)*(2*x - 1)");
  const Box domain = interval(Rational(-1), Rational(2));
  const std::vector<RemovableZero> zeros = find_removable_zeros(p, domain, Prec(64), "relative mode");
  REQUIRE(zeros.size() == 3);
  CHECK(zeros[0] == RemovableZero{Rational(0), 1});
  CHECK(zeros[1] == RemovableZero{frac(1, 2), 1});
  CHECK(zeros[2] == RemovableZero{Rational(1), 1});
  const SupNormResult r = run_relative(p, domain, frac(1, 1000000));
  check_encloses(r, Ref{frac(1, 5), frac(1, 5)});
}

TEST_CASE("relative: the divided form contains q at every sampled point (MPFR), near and at the zero") {
  // q = (x - x^3/6 - sin x)/sin x, at 0 by continuity q(0) = 0.
  const Program p = relative_program("x - x^3/6", "sin(x)");
  auto q = [](const Rational& x) {
    if (x.sign() == 0) return Ref{Rational(0), Rational(0)};
    return mpfr_value(x, [](mpfr_t r, const mpfr_t a) {
      mpfr_t s, poly;
      mpfr_inits2(kRefBits, s, poly, static_cast<mpfr_ptr>(nullptr));
      mpfr_sin(s, a, MPFR_RNDN);
      mpfr_pow_ui(poly, a, 3, MPFR_RNDN);
      mpfr_div_ui(poly, poly, 6, MPFR_RNDN);
      mpfr_sub(poly, a, poly, MPFR_RNDN);
      mpfr_sub(r, poly, s, MPFR_RNDN);
      mpfr_div(r, r, s, MPFR_RNDN);
      mpfr_clears(s, poly, static_cast<mpfr_ptr>(nullptr));
    });
  };
  const std::pair<Rational, Rational> boxes[] = {
      {frac(-1, 2), frac(1, 2)}, {Rational(0), frac(1, 8)}, {frac(1, 64), frac(1, 32)}, {frac(-3, 8), frac(-1, 4)}};
  for (long bits : {64L, 128L}) {
    QuotientTaylorModel model(p, RemovableZero{Rational(0), 1}, Prec(bits), TaylorModelOptions{12});
    Ball at0 = model.value_at_zero();
    CHECK(arb_contains_zero(at0.arb()));
    for (const auto& [lo, hi] : boxes) {
      CAPTURE(lo.to_string());
      CAPTURE(hi.to_string());
      const auto b = model.bound(lo, hi, Rational(0));
      REQUIRE(b.has_value());
      const auto checker = divided_form_abs_bound(p, interval(lo, hi), RecordedZero{Rational(0), 1}, bits, 12);
      REQUIRE(checker.has_value());
      for (int k = 0; k <= 32; ++k) {
        const Ref v = q(lo + (hi - lo) * frac(k, 32));
        CHECK(b->range.lo <= v.hi);
        CHECK(v.lo <= b->range.hi);
        CHECK(abs(v.lo) <= *checker);
        CHECK(abs(v.hi) <= *checker);
      }
    }
  }
}

TEST_CASE("relative: certifying zeros and their order, and refusing what cannot be certified") {
  CHECK(certify_removable_zero(relative_program("x", "sin(x)"), Rational(0), Prec(64)) == 1);
  CHECK(certify_removable_zero(relative_program("x^2/2", "1 - cos(x)"), Rational(0), Prec(64)) == 2);
  CHECK(certify_removable_zero(relative_program("x^3", "sin(x)^3"), Rational(0), Prec(64)) == 3);
  CHECK(certify_removable_zero(relative_program("x", "sin(x)"), frac(1, 2), Prec(64)) == 0);  // not a zero
  // The approximant does not vanish where the target does: the relative error is unbounded.
  CHECK_THROWS_WITH_AS(certify_removable_zero(relative_program("1 + x", "x"), Rational(0), Prec(64)),
                       "at the zero x = 0 of the target: the approximant - target has a nonzero Taylor coefficient of "
                       "order 0 below the zero's order 1: the relative error is unbounded there",
                       InputError);
  // x vs x^2: the target's zero has order 2, the approximant's only 1.
  CHECK_THROWS_AS(certify_removable_zero(relative_program("x", "x^2"), Rational(0), Prec(64)), InputError);
  // An irrational zero (sqrt 2) and a zero outside what Arb evaluates exactly (pi): refused,
  // beginning with the origin the caller names (the command line names its option --relative).
  CHECK_THROWS_WITH_AS(find_removable_zeros(relative_program("x^2 - 2", "x^2 - 2"), interval(Rational(1), Rational(2)),
                                            Prec(64), "relative mode"),
                       doctest::Contains("relative mode: the target may vanish on [1.41421356237"), InputError);
  CHECK_THROWS_AS(find_removable_zeros(relative_program("x", "sin(x)"), interval(Rational(-1), Rational(4)), Prec(64),
                                       "relative mode"),
                  InputError);
  // No zero in the domain: nothing to find; two inputs work when the target has no zero.
  CHECK(find_removable_zeros(relative_program("x", "sin(x)"), interval(Rational(1), Rational(2)), Prec(64),
                             "relative mode")
            .empty());
  const Program two = relative_error_program(expression_error_program("1 + x0*x1", "exp(x0*x1)", 2));
  CHECK(find_removable_zeros(two, Box{{Rational(-1), Rational(-1)}, {Rational(1), Rational(1)}}, Prec(64),
                             "relative mode")
            .empty());
}

TEST_CASE("relative: simplest_rational") {
  CHECK(simplest_rational(frac(-1, 4), frac(1, 4)) == Rational(0));
  CHECK(simplest_rational(frac(3, 10), frac(7, 20)) == frac(1, 3));
  CHECK(simplest_rational(frac(1, 10), frac(1, 5)) == frac(1, 5));
  CHECK(simplest_rational(frac(-3, 2), Rational(-1)) == Rational(-1));
  CHECK(simplest_rational(frac(5, 2), Rational(3)) == Rational(3));
  CHECK(simplest_rational(frac(3, 5), frac(3, 5)) == frac(3, 5));
}

TEST_CASE("relative cli: --relative end to end, its certificate verified, tampering rejected") {
  ScratchDir s("relative-cli");
  const std::string cert = s.path("c.json");
  const Run run = run_cli(
      "supnorm --relative --approx 'x - x^3/6' --target 'sin(x)' --domain '[-1/2,1/2]' --json --cert " + cert, s);
  REQUIRE(run.status == 0);
  const nlohmann::json out = nlohmann::json::parse(run.out);
  CHECK(out["relative_zeros"] == nlohmann::json::parse(R"([{"at": "0", "order": 1}])"));
  nlohmann::json c = read_json(cert);
  CHECK(c["relative"] == nlohmann::json::parse(R"({"zeros": [{"at": "0", "order": 1}]})"));
  CHECK(c["claim"] == "lower <= sup over the domain of |(approx - target) / target| <= upper");
  const Run ok = run_cli("verify " + cert, s);
  CHECK(ok.status == 0);

  // Re-hashed edits, so only the re-derivation can catch them.
  auto verify_edited = [&](const std::function<void(nlohmann::json&)>& edit) {
    nlohmann::json e = read_json(cert);
    edit(e);
    e["sha256"] = certificate_sha256(e);
    const std::string path = s.path("t.json");
    std::ofstream(path) << e.dump(2);
    return run_cli("verify " + path, s);
  };
  // Without the recorded zero the leaf around 0 cannot be re-proved (q divides by 0 there).
  CHECK(verify_edited([](nlohmann::json& e) { e["relative"]["zeros"] = nlohmann::json::array(); }).status == 1);
  // A zero that is not one (t(1/4) != 0) does not help either.
  CHECK(verify_edited([](nlohmann::json& e) { e["relative"]["zeros"][0]["at"] = "1/4"; }).status == 1);
  // Without "relative", the certificate claims the absolute error, which the cover does not bound.
  CHECK(verify_edited([](nlohmann::json& e) { e.erase("relative"); }).status == 1);
  // Every leaf bound lowered by a factor 2 (and upper with it): refused.
  CHECK(verify_edited([](nlohmann::json& e) {
          for (auto& b : e["cover"]["bounds"]) b = (parse_rational(b.get<std::string>()) / Rational(2)).to_string();
        }).status == 1);

  const Run bad =
      run_cli("supnorm --relative --approx '1 + x' --target 'x' --domain '[-1,1]' --cert " + s.path("bad.json"), s);
  CHECK(bad.status == 2);
  CHECK(bad.err.find("supnorm: --relative: at the zero x = 0 of the target: ") != std::string::npos);
  CHECK(!std::filesystem::exists(s.path("bad.json")));
}
