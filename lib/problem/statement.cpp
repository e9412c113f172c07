#include "problem/statement.hpp"

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

namespace approxcert {

namespace {

// The multiplicity of prime p in z (z != 0).
unsigned long valuation(mpz_class z, unsigned long p) {
  unsigned long k = 0;
  while (mpz_divisible_ui_p(z.get_mpz_t(), p)) {
    mpz_divexact_ui(z.get_mpz_t(), z.get_mpz_t(), p);
    ++k;
  }
  return k;
}

}  // namespace

std::string exact_text(const Rational& q) {
  const mpz_class den = q.den();
  const unsigned long twos = valuation(den, 2), fives = valuation(den, 5);
  mpz_class rest = den;
  for (unsigned long k = 0; k < twos; ++k) rest /= 2;
  for (unsigned long k = 0; k < fives; ++k) rest /= 5;
  if (rest != 1) return q.to_string();
  // q * 10^k is an integer: q has at most (digits of that integer) significant digits.
  const unsigned long k = std::max(twos, fives);
  mpz_class scaled = abs(q * pow10(static_cast<long>(k))).num();
  const int digits = static_cast<int>(mpz_sizeinbase(scaled.get_mpz_t(), 10)) + 1;
  return decimal_near(q, digits);
}

std::string supnorm_claim(const SupNormInputs& in) {
  if (in.relative)
    return std::string("lower <= sup over the domain of |(") + (in.net_path ? "net" : "approx") + " - " +
           (in.target_net_path ? "target_net" : "target") + ") / " + (in.target_net_path ? "target_net" : "target") +
           "| <= upper";
  return std::string("lower <= sup over the domain of |") + (in.target_net_path ? "target_net" : "target") + " - " +
         (in.net_path ? "net" : "approx") + "| <= upper";
}

std::string lpnorm_claim(const SupNormInputs& in, unsigned long p, bool normalized) {
  const std::string ps = std::to_string(p);
  const std::string error = std::string(in.target_net_path ? "target_net" : "target") + " - " + (in.net_path ? "net" : "approx");
  return std::string("lower <= (") + (normalized ? "1/vol(domain) * " : "") + "integral over the domain of |" + error +
         "|^" + ps + ")^(1/" + ps + ") <= upper";
}

nlohmann::json supnorm_gap(const Rational& lower, const std::optional<Rational>& upper) {
  nlohmann::json gap;
  gap["absolute"] = upper ? nlohmann::json(decimal_up(*upper - lower, 6)) : nlohmann::json("inf");
  gap["relative"] = upper && lower.sign() > 0 ? nlohmann::json(decimal_up((*upper - lower) / lower, 6)) : nlohmann::json(nullptr);
  return gap;
}

bool within_tolerance(const Rational& lower, const std::optional<Rational>& upper, const Rational& rel_tol,
                      const Rational& abs_tol) {
  if (!upper) return false;
  if (*upper - lower <= abs_tol) return true;
  return lower.sign() > 0 && *upper <= lower * (Rational(1) + rel_tol);
}

Truth upper_claim(const Rational& lower, const std::optional<Rational>& upper, const Rational& bound) {
  if (upper && *upper <= bound) return Truth::True;
  if (bound < lower) return Truth::False;
  return Truth::Unknown;
}

}  // namespace approxcert
