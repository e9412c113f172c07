// The small checker's Taylor form (check/cover_check.hpp) on f = exp(x) - T_12(x), T_12 the
// degree-12 Taylor polynomial of exp at 0: the natural and centred forms cannot see the
// cancellation, the order-k Taylor form can. Reference: MPFR at 400 bits, through its own exp and a
// Horner sum of T_12 in MPFR (no code of approxcert), rounded outward to exact rationals; f is
// increasing on [0, oo), so its sup on [a, b] (0 <= a) is f(b). No slack.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <mpfr.h>
#include <nlohmann/json.hpp>

#include "../supnorm/cli_support.hpp"
#include "check/cover_check.hpp"
#include "io/certificate_envelope.hpp"
#include "net/expression.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;

namespace {

// "1 + x0 + x0^2/2 + ... + x0^12/12!" in the target language.
std::string taylor_12_text() {
  std::string t = "1";
  mpz_class factorial = 1;
  for (int k = 1; k <= 12; ++k) {
    factorial *= k;
    t += " + x0^" + std::to_string(k) + "/" + factorial.get_str();
  }
  return t;
}

// [f(x) rounded down, f(x) rounded up] for f = exp - T_12 at an exact dyadic x, with MPFR at 400
// bits: exp and each term rounded in the direction that keeps the bracket valid.
std::pair<Rational, Rational> mpfr_f(const Rational& x) {
  std::pair<Rational, Rational> out;
  for (const mpfr_rnd_t rnd : {MPFR_RNDD, MPFR_RNDU}) {
    const mpfr_rnd_t opposite = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_t v, e, term, sum;
    mpfr_inits2(400, v, e, term, sum, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_q(v, x.get_mpq_t(), MPFR_RNDN);  // exact: x is a short dyadic
    mpfr_exp(e, v, rnd);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    mpz_class factorial = 1;
    for (int k = 0; k <= 12; ++k) {  // the sum is subtracted: round it the other way
      if (k > 0) factorial *= k;
      mpfr_pow_ui(term, v, static_cast<unsigned long>(k), opposite);
      mpfr_div_z(term, term, factorial.get_mpz_t(), opposite);
      mpfr_add(sum, sum, term, opposite);
    }
    mpfr_sub(e, e, sum, rnd);
    mpq_class q;
    mpfr_get_q(q.get_mpq_t(), e);
    (rnd == MPFR_RNDD ? out.first : out.second) = Rational(q);
    mpfr_clears(v, e, term, sum, static_cast<mpfr_ptr>(nullptr));
  }
  return out;
}

Program f_program() { return compile_target("exp(x0) - (" + taylor_12_text() + ")", 1); }

}  // namespace

TEST_CASE("cover check: the Taylor form sees the cancellation of exp - T_12, the other forms do not") {
  const Program f = f_program();
  const Rational b(mpz_class(1), mpz_class(64));
  const Box box{{Rational(0)}, {b}};
  const auto [sup_lo, sup_hi] = mpfr_f(b);  // sup_[0, 1/64] f = f(1/64), about 1.1e-32
  REQUIRE(sup_lo.sign() > 0);
  const std::optional<Rational> taylor = natural_centred_abs_bound(f, box, 256, 13);
  REQUIRE(taylor);
  CHECK(*taylor >= sup_lo);                // sound
  CHECK(*taylor <= Rational(2) * sup_hi);  // and tight: within a factor 2 of the sup
  const std::optional<Rational> plain = natural_centred_abs_bound(f, box, 256);
  REQUIRE(plain);
  CHECK(*plain >= sup_lo);
  CHECK(*plain > Rational(1000) * sup_hi);  // blind to the cancellation
  // Order 1 is the Lagrange form f(c) + f'(X)(x - c): sound, not better than the sup itself.
  const std::optional<Rational> first = natural_centred_abs_bound(f, box, 256, 1);
  REQUIRE(first);
  CHECK(*first >= sup_lo);
}

TEST_CASE("cover check: the Taylor form is never below the exact sup on random leaves") {
  const Program f = f_program();
  // Leaves [a, a + w] of [0, 1/2] at dyadic points; bounds at 64 bits (the cheapest precision).
  for (int i = 0; i < 32; ++i) {
    const Rational a(mpz_class(i), mpz_class(64)), w(mpz_class(1 + i % 5), mpz_class(256));
    const std::optional<Rational> bound = natural_centred_abs_bound(f, Box{{a}, {a + w}}, 64, 13);
    REQUIRE(bound);
    CHECK(*bound >= mpfr_f(a + w).first);
  }
}

TEST_CASE("verify: a supnorm certificate of exp - T_12 verifies, and a leaf bound lowered below the sup is rejected") {
  ScratchDir s("taylor-leaves");
  const std::string cert = s.path("exp.cert.json");
  REQUIRE(run_cli("supnorm --approx '" + taylor_12_text() + "' --target 'exp(x0)' --domain '[0,1/2]' --cert " + cert, s)
              .status == 0);
  const Run ok = run_cli("verify " + cert, s);
  CAPTURE(ok.out);
  CHECK(ok.status == 0);

  // The forger lowers the bound of the last leaf ([.., 1/2], where f is largest) to just below
  // f(1/2) and recomputes the hash: the checker must not re-prove it.
  nlohmann::json c = read_json(cert);
  nlohmann::json& bounds = c["cover"]["bounds"];
  const Rational below =
      mpfr_f(Rational(mpz_class(1), mpz_class(2))).first * Rational(mpz_class(999999), mpz_class(1000000));
  bounds[bounds.size() - 1] = decimal_down(below, 20);
  c["sha256"] = certificate_sha256(c);
  const std::string forged = s.path("forged.cert.json");
  std::ofstream(forged) << c.dump(2);
  const Run r = run_cli("verify " + forged, s);
  CHECK(r.status == 1);
  CHECK(r.out.find("cover: leaf " + std::to_string(bounds.size() - 1)) != std::string::npos);
}
