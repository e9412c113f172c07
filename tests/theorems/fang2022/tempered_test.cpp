// fang2022 tempered-softmax networks (F-C12, construction.hpp): for d = 1, k = 1 the read-out of
// (N softmax(eps S) - 1)/eps has a closed form in exponentials, evaluated here by MPFR at 400 bits
// (a different code path from the generic evaluator's Arb balls), with and without mirror tokens;
// and the check file's verdicts.
#include <doctest/doctest.h>

#include <mpfr.h>

#include "chain/instance.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/register.hpp"

using namespace approxcert;
using namespace approxcert::theorems::fang2022;

namespace {

// c0 (N e^{eps}/Z - 1)/eps + c1 (N e^{eps x}/Z - 1)/eps with Z the sum of e^{eps s} over the scores
// s = (1, x) (N = 2), or (1, x, -1, -x) (mirrored, N = 4); MPFR at 400 bits, then exact.
Rational closed_form(const Rational& x, const Rational& eps, const Rational& c0, const Rational& c1, bool mirrored) {
  mpfr_t a, b, z, t, u, e, r;
  for (mpfr_ptr v : {a, b, z, t, u, e, r}) mpfr_init2(v, 400);
  mpfr_set_q(e, eps.get_mpq_t(), MPFR_RNDN);  // eps = 1/10 is not a binary number: exact up to 2^-400
  mpfr_exp(a, e, MPFR_RNDN);                  // e^{eps}
  mpfr_set_q(t, (eps * x).get_mpq_t(), MPFR_RNDN);
  mpfr_exp(b, t, MPFR_RNDN);  // e^{eps x}
  mpfr_add(z, a, b, MPFR_RNDN);
  if (mirrored) {
    mpfr_ui_div(t, 1, a, MPFR_RNDN);
    mpfr_add(z, z, t, MPFR_RNDN);
    mpfr_ui_div(t, 1, b, MPFR_RNDN);
    mpfr_add(z, z, t, MPFR_RNDN);
  }
  const unsigned long N = mirrored ? 4 : 2;
  mpfr_set_ui(r, 0, MPFR_RNDN);
  for (int j = 0; j < 2; ++j) {
    mpfr_mul_ui(t, j == 0 ? a : b, N, MPFR_RNDN);
    mpfr_div(t, t, z, MPFR_RNDN);
    mpfr_sub_ui(t, t, 1, MPFR_RNDN);
    mpfr_div(t, t, e, MPFR_RNDN);
    mpfr_set_q(u, (j == 0 ? c0 : c1).get_mpq_t(), MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
  }
  mpq_class value;
  mpfr_get_q(value.get_mpq_t(), r);
  const Rational out(value);
  for (mpfr_ptr v : {a, b, z, t, u, e, r}) mpfr_clear(v);
  return out;
}

}  // namespace

TEST_CASE("fang2022 tempered read-out (d = 1, k = 1) contains the MPFR closed form, with and without mirror tokens") {
  const Monomials mono = monomials(1, 1);
  const std::vector<Rational> c = interpolated_readout(mono, compile_target("1 + 2*x0", 1));
  REQUIRE(c == std::vector<Rational>{Rational(1), Rational(2)});
  const Prec p(200);
  for (const bool mirrored : {true, false})
    for (const char* xs : {"1/3", "-7/4"}) {
      const Rational x = parse_rational(xs), eps(1, 10);
      const Network embed = mirrored ? mirrored_embedding(mono) : embedding_network(mono);
      const Program T = composed_program(embed, tempered_block_network(mono, eps, c, mirrored), true);
      Ball in;
      set(in, x, p);
      const Ball t = evaluate<Ball>(T, std::span<const Ball>(&in, 1), p).at(0);
      const Rational ref = closed_form(x, eps, c[0], c[1], mirrored);
      CAPTURE(mirrored);
      CAPTURE(xs);
      CHECK(lower(t) <= ref + pow2(-380));  // MPFR's own error at 400 bits is far below 2^-380
      CHECK(ref - pow2(-380) <= upper(t));
      CHECK(upper(t) - lower(t) < pow2(-150));
    }
}

TEST_CASE("fang2022 mirrored embedding: token n + j holds the negated K slices of token j and nothing else") {
  const Monomials mono = monomials(2, 2);
  const Layout L = layout(mono);
  const std::vector<Rational> x{Rational(3, 5), Rational(-2)};
  const std::vector<Rational> plain =
      evaluate<Rational>(lower(embedding_network(mono)), std::span<const Rational>(x), Prec(64));
  const std::vector<Rational> mirrored =
      evaluate<Rational>(lower(mirrored_embedding(mono)), std::span<const Rational>(x), Prec(64));
  REQUIRE(plain.size() == L.n * L.D);
  REQUIRE(mirrored.size() == 2 * L.n * L.D);
  for (std::size_t r = 0; r < L.n * L.D; ++r) {
    CHECK(mirrored[r] == plain[r]);
    const bool key = r % L.D >= L.key_start[0];
    CHECK(mirrored[L.n * L.D + r] == (key ? -plain[r] : Rational(0)));
  }
}

TEST_CASE(
    "fang2022 check tempered-d1k3: F-C12 proved for eps = 1/10, 1/100, 1/1000 with C = 2, refuted without mirror tokens") {
  chain::TheoremRegistry r;
  register_theorems(r);
  const chain::CheckRun run = chain::run_check(
      r, chain::read_check_file(std::string(APPROXCERT_SOURCE_DIR) + "/checks/fang2022/tempered-d1k3.json"));
  std::string msg;
  for (const auto& mm : run.mismatches) msg += mm.step + ": expected " + mm.expected + ", got " + mm.actual + "; ";
  CHECK_MESSAGE(run.mismatches.empty(), msg);
}
