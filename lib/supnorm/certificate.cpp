#include "supnorm/certificate.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "approxcert_version.hpp"
#include "domain/domain.hpp"
#include "domain/domain_violation.hpp"
#include "forms/monotonicity.hpp"
#include "io/certificate_envelope.hpp"
#include "io/sha256.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "supnorm/bound_digits.hpp"

namespace approxcert {

namespace {

constexpr int kDigits = 17;  // significant digits of the printed bounds

nlohmann::json expression_input(const std::string& text) {
  return {{"expression", text}, {"sha256", sha256_hex(text)}};
}

// The network's path relative to the certificate's folder (absolute if there is no relative path).
std::string path_beside(const std::string& file, const std::string& cert_path) {
  namespace fs = std::filesystem;
  const fs::path target = fs::absolute(file).lexically_normal();
  const fs::path folder = fs::absolute(cert_path).parent_path().lexically_normal();
  const fs::path rel = target.lexically_relative(folder);
  return rel.empty() ? target.generic_string() : rel.generic_string();
}

// Whether recorded bounds [lower, upper] (outward from the run's) still bear out its status: within
// the tolerances for a converged run, deciding the claim as the run did for a claim-decided one.
bool keeps_status(const SupNormResult& r, const SupNormOptions& o, const Rational& lower,
                  const std::optional<Rational>& upper) {
  if (r.status == SupNormStatus::Converged) return within_tolerance(lower, upper, o.rel_tol, o.abs_tol);
  if (r.status == SupNormStatus::ClaimDecided)
    return upper_claim(lower, upper, *o.claim_upper) == upper_claim(r.lower, r.upper, *o.claim_upper);
  return true;
}

// lower and upper as recorded: with the digits the enclosure supports (bound_digits.hpp), more if
// the run's status needs them (keeps_status), else exact.
std::pair<std::string, std::string> bounds_text(const SupNormResult& r, const SupNormOptions& o) {
  if (!r.upper) {  // a claim decided with no finite upper bound is refuted: lower > U, exactly if need be
    const std::string lower = decimal_down(r.lower, kDigits);
    return {keeps_status(r, o, parse_rational(lower), std::nullopt) ? lower : exact_text(r.lower), "inf"};
  }
  for (int digits = enclosure_digits(r.lower, r.upper); digits > 0 && digits <= kMaxBoundDigits; digits *= 2) {
    std::pair<std::string, std::string> t{decimal_down(r.lower, digits), decimal_up(*r.upper, digits)};
    if (keeps_status(r, o, parse_rational(t.first), parse_rational(t.second))) return t;
  }
  return {exact_text(r.lower), exact_text(*r.upper)};
}

// A leaf's bound rounded up with as few digits as keep it <= the recorded upper bound `cap`.
std::string leaf_bound_text(const std::optional<Rational>& b, const std::optional<Rational>& cap) {
  if (!b) return "inf";
  if (!cap) return decimal_up(*b, 6);
  for (int digits : {6, kDigits, 30, 60}) {
    std::string t = decimal_up(*b, digits);
    if (parse_rational(t) <= *cap) return t;
  }
  return exact_text(*b);
}

// The cut tree ("leaves", "tree", "cuts"); `leaves` receives the node index of each leaf, in order.
nlohmann::json cover_tree_json(const SupNormCover& cover, const Box& domain, std::vector<std::size_t>& leaves) {
  std::string tree;
  nlohmann::json cuts = nlohmann::json::array(), monotone = nlohmann::json::array();
  leaves.clear();
  struct Pending {
    std::size_t node;
    Box box;
  };
  std::vector<Pending> stack{{0, domain}};
  while (!stack.empty()) {
    Pending p = std::move(stack.back());
    stack.pop_back();
    const CoverNode& n = cover.nodes[p.node];
    if (n.monotone != 0) {  // its children are its faces on the domain's boundary, lower first
      tree += 'M';
      monotone.push_back(nlohmann::json::array({n.dim, n.monotone}));
      std::vector<Box> faces = boundary_faces(p.box, domain, n.dim);
      for (std::size_t k = faces.size(); k-- > 0;) stack.push_back({n.first_child + k, std::move(faces[k])});
      continue;
    }
    if (n.first_child == 0) {
      tree += 'L';
      leaves.push_back(p.node);
      continue;
    }
    tree += 'S';
    const bool midpoint = (p.box.lo[n.dim] + p.box.hi[n.dim]) / Rational(2) == n.at;
    if (midpoint) cuts.push_back(n.dim);
    else cuts.push_back(nlohmann::json::array({n.dim, exact_text(n.at)}));
    Box left = p.box, right = std::move(p.box);
    left.hi[n.dim] = n.at;
    right.lo[n.dim] = n.at;
    stack.push_back({n.first_child + 1, std::move(right)});  // pre-order: the left child first
    stack.push_back({n.first_child, std::move(left)});
  }
  nlohmann::json c = {{"leaves", leaves.size()}, {"tree", std::move(tree)}, {"cuts", std::move(cuts)}};
  if (!monotone.empty()) c["monotone"] = std::move(monotone);  // absent without the test: as before it
  return c;
}

}  // namespace

nlohmann::json cover_json(const SupNormCover& cover, const Box& domain,
                          const std::function<std::string(const std::optional<Rational>&)>& bound_text,
                          const std::vector<Rational>* leaf_lower,
                          const std::vector<std::optional<Range>>* leaf_integrals) {
  std::vector<std::size_t> leaves;
  nlohmann::json c = cover_tree_json(cover, domain, leaves);
  nlohmann::json bounds = nlohmann::json::array(), lower = nlohmann::json::array(), integrals = nlohmann::json::array();
  for (std::size_t node : leaves) {
    bounds.push_back(bound_text(cover.nodes[node].upper));
    if (leaf_lower) lower.push_back(exact_text((*leaf_lower)[node]));
    if (leaf_integrals) {
      const std::optional<Range>& I = (*leaf_integrals)[node];
      integrals.push_back(I ? nlohmann::json::array({exact_text(I->lo), exact_text(I->hi)}) : nlohmann::json(nullptr));
    }
  }
  c["bounds"] = std::move(bounds);
  if (leaf_lower) c["lower_bounds"] = std::move(lower);
  if (leaf_integrals) c["integrals"] = std::move(integrals);
  return c;
}

namespace {

nlohmann::json inputs_json(const SupNormInputs& in, const Problem& problem, const Domain& domain,
                           const std::string& cert_path) {
  nlohmann::json inputs;
  if (in.net_path)
    inputs["net"] = {
        {"path", path_beside(*in.net_path, cert_path)}, {"sha256", *problem.net_sha256}, {"output", in.net_output}};
  if (in.approx) inputs["approx"] = expression_input(*in.approx);
  if (in.target_net_path)
    inputs["target_net"] = {{"path", path_beside(*in.target_net_path, cert_path)},
                            {"sha256", *problem.target_net_sha256},
                            {"output", in.target_net_output}};
  else inputs["target"] = expression_input(in.target);
  if (domain.is_exact())
    inputs["domain"] = {{"text", in.domain}, {"exact", format_domain(domain.outer)}, {"sha256", sha256_hex(in.domain)}};
  else
    inputs["domain"] = {{"text", in.domain},
                        {"outer", format_domain(domain.outer)},
                        {"inner", format_domain(domain.inner)},
                        {"sha256", sha256_hex(in.domain)}};
  return inputs;
}

}  // namespace

void finish_engine_certificate(nlohmann::json& c, const SupNormInputs& in, const Problem& problem, const Domain& domain,
                               const std::string& cert_path, const RunRecord& run) {
  c["format"] = kCertificateFormat;
  c["inputs"] = inputs_json(in, problem, domain, cert_path);
  c["options"] = {
      {"rel_tol", exact_text(run.rel_tol)},
      {"abs_tol", exact_text(run.abs_tol)},
      {"max_boxes", run.max_boxes},
      {"taylor_order", run.taylor_order},
      {"time_limit_seconds",
       run.time_limit_seconds ? nlohmann::json(fmt::format("{}", *run.time_limit_seconds)) : nlohmann::json(nullptr)}};
  if (run.require_upper) c["options"]["require_upper"] = exact_text(*run.require_upper);
  c["precision"] = {{"initial_bits", run.initial_bits},
                    {"max_bits_used", run.max_bits_used},
                    {"arithmetic", std::string(to_string(run.arithmetic))}};
  c["tool"] = {{"name", "approxcert"}, {"version", APPROXCERT_VERSION}, {"commit", APPROXCERT_COMMIT}};
  c["threads"] = run.threads;
  c["elapsed_seconds"] = fmt::format("{:.3f}", run.elapsed_seconds);
  c["sha256"] = certificate_sha256(c);
}

nlohmann::json supnorm_certificate(const SupNormResult& r, const SupNormInputs& in, const Problem& problem,
                                   const SupNormOptions& o, const Domain& domain, const std::string& cert_path) {
  nlohmann::json c;
  c["kind"] = "supnorm";
  c["claim"] = supnorm_claim(in);
  const auto [lower_text, upper_text] = bounds_text(r, o);
  c["lower"] = lower_text;
  c["upper"] = upper_text;
  c["status"] = std::string(to_string(r.status));
  const Rational recorded_lower = parse_rational(lower_text);
  const std::optional<Rational> recorded_upper =
      r.upper ? std::optional<Rational>(parse_rational(upper_text)) : std::nullopt;
  c["gap"] = supnorm_gap(recorded_lower, recorded_upper);
  if (r.witness) {
    nlohmann::json point = nlohmann::json::array();
    for (const Rational& x : *r.witness) point.push_back(exact_text(x));
    c["witness"] = point;
    c["witness_error"] = {{"lower", decimal_down(r.witness_value->lo, kDigits)},
                          {"upper", decimal_up(r.witness_value->hi, kDigits)}};
  } else {
    c["witness"] = nullptr;
  }
  if (in.relative) {
    nlohmann::json zeros = nlohmann::json::array();
    for (const RemovableZero& z : o.removable_zeros) zeros.push_back({{"at", exact_text(z.at)}, {"order", z.order}});
    c["relative"] = {{"zeros", std::move(zeros)}};
  }
  const auto leaf_text = [&recorded_upper](const std::optional<Rational>& b) {
    return leaf_bound_text(b, recorded_upper);
  };
  c["cover"] = r.cover ? cover_json(*r.cover, domain.outer, leaf_text) : nlohmann::json(nullptr);
  c["boxes"] = r.boxes;
  c["frontier_boxes"] = r.frontier;
  RunRecord run = run_record(o, r);
  run.require_upper = o.claim_upper;
  finish_engine_certificate(c, in, problem, domain, cert_path, run);
  return c;
}

}  // namespace approxcert
