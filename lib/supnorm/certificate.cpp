#include "supnorm/certificate.hpp"

#include <algorithm>

#include "approxcert_version.hpp"
#include "io/sha256.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/error_program.hpp"
#include "target/domain.hpp"

namespace approxcert {

namespace {

constexpr int kDigits = 17;  // significant digits of the printed bounds

// The multiplicity of prime p in z (z != 0).
unsigned long valuation(mpz_class z, unsigned long p) {
  unsigned long k = 0;
  while (mpz_divisible_ui_p(z.get_mpz_t(), p)) {
    mpz_divexact_ui(z.get_mpz_t(), z.get_mpz_t(), p);
    ++k;
  }
  return k;
}

std::string_view arithmetic_name(Arithmetic a) {
  switch (a) {
    case Arithmetic::Auto: return "auto";
    case Arithmetic::Ball: return "arb";
    case Arithmetic::Interval: return "mpfi";
  }
  return "?";
}

nlohmann::ordered_json expression_input(const std::string& text) {
  return {{"expression", text}, {"sha256", sha256_hex(text)}};
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

Program problem_program(const SupNormInputs& in, const Box& domain) {
  if (in.net_path.has_value() == in.approx.has_value())
    throw InputError("supnorm: give exactly one of --net or --approx");
  if (in.target_net_path.has_value() == !in.target.empty())
    throw InputError("supnorm: give exactly one of --target or --target-net");
  if (in.target_net_path) {
    if (!in.net_path) throw InputError("--target-net: compares two networks; give the other one with --net");
    const Network net = load_network(*in.net_path), target_net = load_network(*in.target_net_path);
    check_domain_dim(domain, input_dim(net));
    return net_vs_net_error_program(net, in.net_output, target_net, in.target_net_output);
  }
  if (in.approx) return expression_error_program(*in.approx, in.target, domain.dim());
  Program net = lower(load_network(*in.net_path));
  check_domain_dim(domain, net.num_inputs());
  return net_error_program(std::move(net), in.net_output, in.target);
}

nlohmann::ordered_json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const SupNormOptions& o,
                                           const Box& domain) {
  nlohmann::ordered_json c;
  c["format"] = "approxcert-cert/1";
  c["kind"] = "supnorm";
  c["claim"] = std::string("lower <= sup over the domain of |") + (in.target_net_path ? "target_net" : "target") + " - " + (in.net_path ? "net" : "approx") +
               "| <= upper";
  c["lower"] = decimal_down(r.lower, kDigits);
  c["upper"] = r.upper ? nlohmann::ordered_json(decimal_up(*r.upper, kDigits)) : nlohmann::ordered_json("inf");
  c["status"] = std::string(to_string(r.status));
  nlohmann::ordered_json gap;
  gap["absolute"] = r.upper ? nlohmann::ordered_json(decimal_up(*r.upper - r.lower, 6)) : nlohmann::ordered_json("inf");
  gap["relative"] = r.upper && r.lower.sign() > 0 ? nlohmann::ordered_json(decimal_up((*r.upper - r.lower) / r.lower, 6))
                                                  : nlohmann::ordered_json(nullptr);
  c["gap"] = gap;
  if (r.witness) {
    nlohmann::ordered_json point = nlohmann::ordered_json::array();
    for (const Rational& x : *r.witness) point.push_back(exact_text(x));
    c["witness"] = point;
    c["witness_error"] = {{"lower", decimal_down(r.witness_value->lo, kDigits)},
                          {"upper", decimal_up(r.witness_value->hi, kDigits)}};
  } else {
    c["witness"] = nullptr;
  }
  c["boxes"] = r.boxes;
  c["frontier_boxes"] = r.frontier;

  nlohmann::ordered_json inputs;
  if (in.net_path) inputs["net"] = {{"path", *in.net_path}, {"sha256", sha256_file_hex(*in.net_path)}, {"output", in.net_output}};
  if (in.approx) inputs["approx"] = expression_input(*in.approx);
  if (in.target_net_path)
    inputs["target_net"] = {{"path", *in.target_net_path}, {"sha256", sha256_file_hex(*in.target_net_path)},
                            {"output", in.target_net_output}};
  else
    inputs["target"] = expression_input(in.target);
  inputs["domain"] = {{"text", in.domain}, {"exact", format_domain(domain)}, {"sha256", sha256_hex(in.domain)}};
  c["inputs"] = inputs;

  c["options"] = {{"rel_tol", exact_text(o.rel_tol)},
                  {"abs_tol", exact_text(o.abs_tol)},
                  {"max_boxes", o.max_boxes},
                  {"taylor_order", o.taylor_model_order},
                  {"time_limit_seconds", o.time_limit_seconds ? nlohmann::ordered_json(*o.time_limit_seconds)
                                                              : nlohmann::ordered_json(nullptr)}};
  c["precision"] = {{"initial_bits", o.prec}, {"max_bits_used", r.max_prec_used},
                    {"arithmetic", std::string(arithmetic_name(r.arithmetic))}};
  c["tool"] = {{"name", "approxcert"}, {"version", APPROXCERT_VERSION}, {"commit", APPROXCERT_COMMIT}};
  c["threads"] = r.threads;
  c["elapsed_seconds"] = r.elapsed_seconds;
  return c;
}

}  // namespace approxcert
