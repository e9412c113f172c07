#pragma once
// What the checkers of supnorm and lpnorm certificates (certificate_check.hpp,
// lpnorm_certificate_check.hpp) share: a base class holding the reader and the report, with the
// checks both kinds make alike. Trusts what those checkers trust (docs/checker.md) and nothing
// more.
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "check/certificate_check.hpp"
#include "check/certificate_reader.hpp"
#include "check/cover_check.hpp"
#include "domain/domain.hpp"
#include "problem/statement.hpp"

namespace approxcert {

class EngineCertificateCheck {
 protected:
  EngineCertificateCheck(const nlohmann::json& doc, const std::string& path, const SupNormCheckOptions& o,
                         std::string kind)
      : doc_(doc), cert_(path, doc), o_(o), kind_(std::move(kind)) {}

  void problem(std::string s) { report_.problems.push_back(std::move(s)); }
  void confirmed(std::string s) { report_.confirmations.push_back(std::move(s)); }

  // "kind" is this checker's; the members under "/inputs", "/options", "/precision" and "/gap" are
  // known; the informational members are range-checked (never trusted); the content hash matches.
  void check_kind_and_run_members();

  // The recorded enclosure [lower, upper] (read from "/lower", "/upper"): 0 <= lower <= upper,
  // "status" is "converged" exactly when it is within the recorded tolerances, "claim_decided" only
  // when it decides the recorded claim sup <= "/options/require_upper", and "gap" is the one it
  // gives. Sets the report's verdict.
  void check_enclosure(const Rational& lower, const std::optional<Rational>& upper);

  // Reads the inputs, checks "claim" (claim(inputs)) and the recorded domain boxes, and loads the
  // error program; absent (with a problem added) when a network file is not the certified one.
  // `exact_domain_only`: a domain with constant-expression endpoints is refused.
  std::optional<Problem> load_certified_problem(const std::function<std::string(const SupNormInputs&)>& claim,
                                                bool exact_domain_only, SupNormInputs& in, Domain& domain);

  // The cover checker's precisions and Taylor order: 64 bits first, then the run's highest
  // precision + 64 (a bound rounded up to a few digits may sit closer to the true range than the
  // run's rounding), and the run's Taylor order + 1.
  CoverCheckOptions cover_check_options() const;

  // The recorded cover (tree, cuts, "bounds") after checking that "/cover" has only `members`;
  // absent (with a problem added) when the run did not record it (too many leaves).
  std::optional<RecordedCover> recorded_cover(std::size_t dim, std::initializer_list<const char*> members);

  const nlohmann::json& doc_;
  CertificateReader cert_;
  const SupNormCheckOptions& o_;
  std::string kind_;
  SupNormCheckReport report_;
};

}  // namespace approxcert
