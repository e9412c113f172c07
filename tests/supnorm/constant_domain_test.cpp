// Sup norms over domains with constant-expression endpoints (target/domain.hpp Domain): the upper
// bound holds over the outer box, the witness lies in the inner box (inside the true domain).
// References: sup_[0,pi] |sin x| = 1 (attained at pi/2), sup_[0,pi] |x| = pi (attained at the
// irrational endpoint, so the witness must stop short of it), pi from MPFR at 1000 bits.
#include <doctest/doctest.h>
#include <mpfr.h>
#include <nlohmann/json.hpp>

#include "domain/domain.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;

namespace {

Rational mpfr_pi() {
  mpfr_t x;
  mpfr_init2(x, 1000);
  mpfr_const_pi(x, MPFR_RNDN);
  mpz_class m;
  const long e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  mpfr_clear(x);
  return Rational(m) * pow2(e);
}

SupNormResult run(const Program& prog, const Domain& d) {
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-12");
  o.witness_box = d.inner;
  return sup_norm(prog, d.outer, o);
}

bool inside(const std::vector<Rational>& x, const Box& b) {
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] < b.lo[i] || b.hi[i] < x[i]) return false;
  return true;
}

}  // namespace

TEST_CASE("supnorm over [0,pi]: sup |sin x| = 1 with the witness inside (0, pi)") {
  const Domain d = parse_domain_with_constants("[0,pi]");
  const SupNormResult r = run(expression_error_program("0", "sin(x)", 1), d);
  REQUIRE(r.upper.has_value());
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.lower <= Rational(1));
  CHECK(Rational(1) <= *r.upper);
  CHECK(*r.upper <= r.lower * (Rational(1) + parse_rational("1e-12")));
  REQUIRE(r.witness.has_value());
  CHECK(Rational(0) < (*r.witness)[0]);
  CHECK((*r.witness)[0] < mpfr_pi());
  CHECK(inside(*r.witness, d.inner));
}

TEST_CASE("supnorm over [0,pi]: sup |x| = pi is attained at the irrational endpoint") {
  const Domain d = parse_domain_with_constants("[0,pi]");
  const Rational pi = mpfr_pi();
  const SupNormResult r = run(expression_error_program("0", "x", 1), d);
  REQUIRE(r.upper.has_value());
  CHECK(r.lower <= pi);
  CHECK(pi <= *r.upper);
  CHECK(*r.upper <= r.lower * (Rational(1) + parse_rational("1e-12")));
  REQUIRE(r.witness.has_value());
  CHECK(inside(*r.witness, d.inner));
  CHECK((*r.witness)[0] < pi);
}

TEST_CASE("supnorm over [0, pi/2]x[-1,1] with a sqrt(2)/2 network weight") {
  // net(x0, x1) = sqrt(2)/2 * x0; target 0: sup = sqrt(2)/2 * pi/2 = pi sqrt(2) / 4 at x0 = pi/2.
  const Network net = parse_network(R"({"format": "approxcert-net/1", "input": {"dim": 2},
    "layers": [{"type": "dense", "weight": [["sqrt(2)/2", "0"]], "bias": ["0"]}]})",
                                    "net.json");
  const Domain d = parse_domain_with_constants("[0, pi/2]x[-1,1]");
  const SupNormResult r = run(net_error_program(lower(net), 0, "0"), d);
  mpfr_t x;
  mpfr_init2(x, 1000);
  mpfr_const_pi(x, MPFR_RNDN);
  mpfr_t s;
  mpfr_init2(s, 1000);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_mul(x, x, s, MPFR_RNDN);
  mpfr_div_ui(x, x, 4, MPFR_RNDN);
  mpz_class m;
  const long e = mpfr_get_z_2exp(m.get_mpz_t(), x);
  mpfr_clears(x, s, static_cast<mpfr_ptr>(nullptr));
  const Rational ref = Rational(m) * pow2(e);
  REQUIRE(r.upper.has_value());
  CHECK(r.status == SupNormStatus::Converged);
  CHECK(r.lower <= ref);
  CHECK(ref <= *r.upper);
  REQUIRE(r.witness.has_value());
  CHECK(inside(*r.witness, d.inner));
}

TEST_CASE("supnorm: a witness box outside the domain is refused") {
  SupNormOptions o;
  o.witness_box = parse_domain("[0,2]");
  CHECK_THROWS_AS(sup_norm(expression_error_program("0", "x", 1), parse_domain("[0,1]"), o), std::invalid_argument);
}
