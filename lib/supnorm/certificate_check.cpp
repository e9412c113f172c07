#include "supnorm/certificate_check.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "io/sha256.hpp"
#include "net/evaluate.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/certificate.hpp"
#include "supnorm/range.hpp"
#include "target/domain.hpp"

namespace approxcert {

namespace {

using Json = nlohmann::json;

class Reader {
 public:
  Reader(std::string path, Json doc) : path_(std::move(path)), doc_(std::move(doc)) {}
  const Json& at(const std::string& pointer) const {
    const Json::json_pointer p(pointer);
    if (!doc_.contains(p)) throw InputError(path_ + ": " + pointer + ": missing");
    return doc_.at(p);
  }
  std::string text(const std::string& pointer) const {
    const Json& v = at(pointer);
    if (!v.is_string()) throw InputError(path_ + ": " + pointer + ": expected a string");
    return v.get<std::string>();
  }
  Rational rational(const std::string& pointer) const {
    try {
      return parse_rational(text(pointer));
    } catch (const InputError& e) {
      throw InputError(path_ + ": " + pointer + ": " + e.what());
    }
  }
  bool has(const std::string& pointer) const { return doc_.contains(Json::json_pointer(pointer)); }

 private:
  std::string path_;
  Json doc_;
};

// The network path as recorded, or relative to the certificate's folder when that is where it is.
std::string locate(const std::string& recorded, const std::string& cert_path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(recorded, ec) || fs::path(recorded).is_absolute()) return recorded;
  const fs::path beside = fs::path(cert_path).parent_path() / recorded;
  return fs::exists(beside, ec) ? beside.string() : recorded;
}

// |f(x)| >= lower, f evaluated with MPFI at `bits`: the lower end of |enclosure|.
std::optional<Rational> mpfi_abs_lower(const Program& prog, const std::vector<Rational>& x, long bits) {
  std::vector<Interval> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(bits));
  const Interval y = evaluate<Interval>(prog, std::span<const Interval>(in), Prec(bits))[0];
  if (!is_finite(y)) return std::nullopt;
  return abs_min(range_of(y));
}

class Check {
 public:
  Check(const std::string& path, const Reader& cert) : path_(path), cert_(cert) {}
  SupNormCheckReport run(bool recompute);

 private:
  void problem(std::string s) { report_.problems.push_back(std::move(s)); }
  void confirmed(std::string s) { report_.confirmations.push_back(std::move(s)); }
  SupNormInputs inputs();
  void check_lower(const Program& prog, const Box& domain, const Rational& lower);
  void check_upper(const Program& prog, const Box& domain, const Rational& lower, const std::optional<Rational>& upper);

  const std::string& path_;
  const Reader& cert_;
  SupNormCheckReport report_;
};

SupNormInputs Check::inputs() {
  SupNormInputs in;
  if (cert_.has("/inputs/target_net")) {
    in.target_net_path = locate(cert_.text("/inputs/target_net/path"), path_);
    const Json& output = cert_.at("/inputs/target_net/output");
    if (!output.is_number_unsigned()) throw InputError(path_ + ": /inputs/target_net/output: expected a non-negative integer");
    in.target_net_output = output.get<std::size_t>();
    if (sha256_file_hex(*in.target_net_path) != cert_.text("/inputs/target_net/sha256"))
      problem("the target network file " + *in.target_net_path + " is not the one certified (SHA-256 differs)");
  } else {
    in.target = cert_.text("/inputs/target/expression");
    if (sha256_hex(in.target) != cert_.text("/inputs/target/sha256")) problem("the target's SHA-256 differs from the recorded one");
  }
  in.domain = cert_.text("/inputs/domain/text");
  if (sha256_hex(in.domain) != cert_.text("/inputs/domain/sha256")) problem("the domain's SHA-256 differs from the recorded one");
  if (cert_.has("/inputs/approx")) {
    in.approx = cert_.text("/inputs/approx/expression");
    if (sha256_hex(*in.approx) != cert_.text("/inputs/approx/sha256"))
      problem("the approximant's SHA-256 differs from the recorded one");
  }
  if (cert_.has("/inputs/net")) {
    in.net_path = locate(cert_.text("/inputs/net/path"), path_);
    const Json& output = cert_.at("/inputs/net/output");
    if (!output.is_number_unsigned()) throw InputError(path_ + ": /inputs/net/output: expected a non-negative integer");
    in.net_output = output.get<std::size_t>();
    if (sha256_file_hex(*in.net_path) != cert_.text("/inputs/net/sha256"))
      problem("the network file " + *in.net_path + " is not the one certified (SHA-256 differs)");
  }
  return in;
}

void Check::check_lower(const Program& prog, const Box& domain, const Rational& lower) {
  const Json& w = cert_.at("/witness");
  if (w.is_null()) {
    if (lower.sign() > 0) problem("lower > 0 but no witness is recorded");
    return;
  }
  if (!w.is_array() || w.size() != domain.dim()) throw InputError(path_ + ": /witness: expected " + std::to_string(domain.dim()) + " coordinates");
  std::vector<Rational> x;
  for (std::size_t i = 0; i < w.size(); ++i) x.push_back(cert_.rational("/witness/" + std::to_string(i)));
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i] < domain.lo[i] || domain.hi[i] < x[i]) return problem("the witness lies outside the domain (coordinate " + std::to_string(i) + ")");
  const Json& bits_used = cert_.at("/precision/max_bits_used");
  const long bits = std::max<long>(256, (bits_used.is_number_integer() ? bits_used.get<long>() : 0) + 64);
  const std::optional<Rational> at_witness = mpfi_abs_lower(prog, x, bits);
  if (!at_witness) return problem("the error at the witness is not finite in MPFI");
  if (*at_witness < lower) return problem("MPFI at " + std::to_string(bits) + " bits does not confirm |error(witness)| >= lower");
  confirmed("lower: |error(witness)| >= lower, MPFI at " + std::to_string(bits) + " bits");
}

void Check::check_upper(const Program& prog, const Box& domain, const Rational& lower, const std::optional<Rational>& upper) {
  SupNormOptions o;
  o.rel_tol = cert_.rational("/options/rel_tol") / Rational(4);
  o.abs_tol = cert_.rational("/options/abs_tol") / Rational(4);
  const Json& max_boxes = cert_.at("/options/max_boxes");
  if (!max_boxes.is_number_unsigned()) throw InputError(path_ + ": /options/max_boxes: expected a positive integer");
  o.max_boxes = 4 * max_boxes.get<std::uint64_t>();
  if (cert_.has("/options/taylor_order") && cert_.at("/options/taylor_order").is_number_unsigned())
    o.taylor_model_order = cert_.at("/options/taylor_order").get<long>();
  const std::string used = cert_.text("/precision/arithmetic");
  if (used != "arb" && used != "mpfi") throw InputError(path_ + ": /precision/arithmetic: expected \"arb\" or \"mpfi\"");
  const Arithmetic same = used == "arb" ? Arithmetic::Ball : Arithmetic::Interval;
  const Arithmetic other = used == "arb" ? Arithmetic::Interval : Arithmetic::Ball;

  // The other arithmetic first; then the same one at twice the precision, for bounds that only
  // one engine can reach (Arb's rounded-up radii never give an exact upper bound such as 2).
  struct Attempt { Arithmetic arithmetic; long prec; };
  const Attempt attempts[] = {{other, 64}, {same, 128}};
  std::string tried;
  for (const Attempt& a : attempts) {
    o.arithmetic = a.arithmetic;
    o.prec = a.prec;
    const std::string name = std::string(a.arithmetic == Arithmetic::Ball ? "Arb" : "MPFI") + " from " +
                             std::to_string(a.prec) + " bits";
    const SupNormResult again = sup_norm(prog, domain, o);
    if (again.upper && *again.upper < lower)
      return problem("a second run with " + name + " proves sup < the recorded lower bound");
    if (upper && *upper < again.lower)
      return problem("a second run with " + name + " finds an error above the recorded upper bound");
    if (!upper) return problem("the recorded upper bound is inf: nothing to re-confirm");
    if (again.upper && *again.upper <= *upper)
      return confirmed("upper: a second run with " + name + " certifies an upper bound <= the recorded one (" +
                       std::to_string(again.boxes) + " boxes)");
    tried += (tried.empty() ? "" : ", ") + name + " (" + std::string(to_string(again.status)) + ", upper " +
             (again.upper ? decimal_up(*again.upper, 12) : std::string("inf")) + ")";
  }
  problem("could not re-confirm the upper bound: " + tried);
}

SupNormCheckReport Check::run(bool recompute) {
  if (cert_.text("/format") != "approxcert-cert/1") throw InputError(path_ + ": /format: expected \"approxcert-cert/1\"");
  if (cert_.text("/kind") != "supnorm") throw InputError(path_ + ": /kind: expected \"supnorm\"");
  const Rational lower = cert_.rational("/lower");
  std::optional<Rational> upper;
  if (cert_.text("/upper") != "inf") upper = cert_.rational("/upper");
  if (lower.sign() < 0) problem("lower < 0");
  if (upper && *upper < lower) problem("upper < lower");

  const SupNormInputs in = inputs();
  const Box domain = parse_domain(in.domain);
  const Program prog = problem_program(in, domain);
  check_lower(prog, domain, lower);
  if (recompute) check_upper(prog, domain, lower, upper);
  return report_;
}

}  // namespace

SupNormCheckReport check_supnorm_certificate(const std::string& path, bool recompute) {
  Json doc;
  try {
    doc = Json::parse(read_text_file(path));
  } catch (const Json::parse_error& e) {
    throw InputError(path + ": not valid JSON: " + e.what());
  }
  if (!doc.is_object()) throw InputError(path + ": expected a JSON object");
  const Reader cert(path, std::move(doc));
  return Check(path, cert).run(recompute);
}

}  // namespace approxcert
