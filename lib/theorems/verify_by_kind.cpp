#include "theorems/verify_by_kind.hpp"
#include <nlohmann/json.hpp>

#include "chain/verify.hpp"
#include "check/certificate_check.hpp"
#include "check/lpnorm_certificate_check.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/exact_json.hpp"
#include "theorems/builtin.hpp"

namespace approxcert::theorems {

VerifyByKindReport verify_by_kind(const std::string& path, const VerifyByKindOptions& o) {
  const nlohmann::json cert = read_certificate_file(path);
  VerifyByKindReport out{path, certificate_kind(cert), "", {}, {}, nlohmann::json::array(), nullptr};
  if (out.kind == "supnorm" || out.kind == "lpnorm") {
    SupNormCheckOptions so;
    so.recheck_cover = o.recompute;
    if (!o.net_path.empty()) so.net_path = o.net_path;
    so.threads = o.threads;
    so.progress = o.progress;
    const SupNormCheckReport r =
        out.kind == "supnorm" ? check_supnorm_certificate(cert, path, so) : check_lpnorm_certificate(cert, path, so);
    out.verdict = r.verdict;
    out.problems = r.problems;
    out.confirmations = r.confirmations;
    return out;
  }
  if (out.kind == "chain") {
    chain::VerifyOptions options;
    options.recompute = o.recompute;
    options.rebuild = o.rebuild;
    const chain::VerifyReport r = chain::verify_certificate(builtin_theorems(), cert, path, options);
    out.verdict = r.verdict;
    out.problems = r.problems;
    out.confirmations.push_back(std::to_string(r.steps) + " steps; hash and recorded verdicts consistent");
    if (options.recompute) {
      std::string ids;
      for (const chain::StepCheck& c : r.checks) {
        out.steps.push_back({{"id", c.id}, {"recomputed", c.recomputed}});
        if (!c.recomputed.empty()) ids += (ids.empty() ? "" : " ") + c.id;
      }
      out.confirmations.push_back(std::to_string(r.rechecked) + " steps re-computed from the certificate alone" +
                                  (ids.empty() ? "" : " (" + ids + ")") + ", " + std::to_string(r.steps - r.rechecked) +
                                  " re-decided from recorded numbers only");
      out.confirmations.push_back(chain::trust_summary(r));
      nlohmann::json trusted = nlohmann::json::array();
      for (const chain::TrustedSide& t : r.trusted)
        trusted.push_back({{"step", t.step}, {"side", t.side}, {"reason", t.reason}});
      out.trust = {{"sides", r.sides}, {"recomputed", r.sides_recomputed}, {"trusted", std::move(trusted)}};
    }
    if (options.rebuild)
      out.confirmations.push_back(std::to_string(r.recomputed) +
                                  " steps re-confirmed by re-running the theorem module (MPFI / other precision)");
    return out;
  }
  JsonAt(path).key("kind").fail("unknown certificate kind \"" + out.kind.substr(0, 40) +
                                "\" (expected chain, supnorm or lpnorm)");
}

}  // namespace approxcert::theorems
