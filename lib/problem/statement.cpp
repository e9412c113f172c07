#include "problem/statement.hpp"

#include <string>

#include <nlohmann/json.hpp>

namespace approxcert {

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
  const std::string error =
      std::string(in.target_net_path ? "target_net" : "target") + " - " + (in.net_path ? "net" : "approx");
  return std::string("lower <= (") + (normalized ? "1/vol(domain) * " : "") + "integral over the domain of |" + error +
         "|^" + ps + ")^(1/" + ps + ") <= upper";
}

nlohmann::json supnorm_gap(const Rational& lower, const std::optional<Rational>& upper) {
  nlohmann::json gap;
  gap["absolute"] = upper ? nlohmann::json(decimal_up(*upper - lower, 6)) : nlohmann::json("inf");
  gap["relative"] =
      upper && lower.sign() > 0 ? nlohmann::json(decimal_up((*upper - lower) / lower, 6)) : nlohmann::json(nullptr);
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
