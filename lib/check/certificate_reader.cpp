#include "check/certificate_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "io/sha256.hpp"
#include "scalar/input_error.hpp"

namespace approxcert {

using Json = nlohmann::json;

void CertificateReader::fail(const std::string& pointer, const std::string& what) const {
  throw InputError(path_ + ": " + pointer + ": " + what);
}

const Json& CertificateReader::at(const std::string& pointer) const {
  const Json::json_pointer p(pointer);
  if (!doc_.contains(p)) fail(pointer, "missing");
  return doc_.at(p);
}

bool CertificateReader::has(const std::string& pointer) const { return doc_.contains(Json::json_pointer(pointer)); }

std::string CertificateReader::text(const std::string& pointer) const {
  const Json& v = at(pointer);
  if (!v.is_string()) fail(pointer, "expected a string");
  return v.get<std::string>();
}

Rational CertificateReader::rational_of(const Json& v, const std::string& pointer) const {
  if (!v.is_string()) fail(pointer, "expected a number as a string");
  try {
    return parse_rational(v.get<std::string>());
  } catch (const InputError& e) {
    fail(pointer, e.what());
  }
}

std::optional<Rational> CertificateReader::bound(const std::string& pointer) const {
  const Json& v = at(pointer);
  if (v == "inf") return std::nullopt;
  return rational_of(v, pointer);
}

std::uint64_t CertificateReader::count(const std::string& pointer, std::uint64_t max) const {
  const Json& v = at(pointer);
  if (!v.is_number_unsigned()) fail(pointer, "expected a non-negative integer");
  const std::uint64_t n = v.get<std::uint64_t>();
  if (n > max) fail(pointer, "too large (at most " + std::to_string(max) + ")");
  return n;
}

long CertificateReader::bits(const std::string& pointer) const {
  const std::uint64_t n = count(pointer, kMaxCertificateBits);
  if (n < 16) fail(pointer, "a precision below 16 bits");
  return static_cast<long>(n);
}

void CertificateReader::check_keys(const Json& obj, const std::string& pointer,
                                   std::initializer_list<const char*> known, const std::string& kind) const {
  if (!obj.is_object()) fail(pointer.empty() ? "/" : pointer, "expected an object");
  const std::set<std::string> names(known.begin(), known.end());
  for (const auto& item : obj.items())
    if (!names.count(item.key()))
      fail(pointer + "/" + item.key().substr(0, 40), "unknown member (not part of a " + kind + " certificate)");
}

RecordedCover CertificateReader::cover(std::size_t dim, std::uint64_t max_leaves) const {
  RecordedCover c;
  const std::uint64_t leaves = count("/cover/leaves", max_leaves);
  c.tree = text("/cover/tree");
  const Json& cuts = at("/cover/cuts");
  const Json& bounds = at("/cover/bounds");
  if (has("/cover/monotone")) {
    // With monotonicity nodes the counts are per character; check_cover walks the tree.
    const Json& m = at("/cover/monotone");
    const auto count_of = [&](char k) { return static_cast<std::size_t>(std::count(c.tree.begin(), c.tree.end(), k)); };
    if (!m.is_array() || m.size() > 2 * max_leaves + 2)
      fail("/cover/monotone", "expected an array of [coordinate, sign]");
    if (leaves == 0 || count_of('L') != leaves || count_of('M') != m.size() ||
        count_of('S') + leaves + m.size() != c.tree.size())
      fail("/cover/tree",
           "expected " + std::to_string(leaves) + " 'L', " + std::to_string(m.size()) + " 'M' and only 'S' besides");
    if (!cuts.is_array() || cuts.size() != count_of('S')) fail("/cover/cuts", "expected one cut per 'S'");
    for (std::size_t k = 0; k < m.size(); ++k) {
      const std::string where = "/cover/monotone/" + std::to_string(k);
      const Json& j = m[k];
      if (!j.is_array() || j.size() != 2 || !j[0].is_number_unsigned() || j[0].get<std::uint64_t>() >= dim ||
          !j[1].is_number_integer() || (j[1].get<std::int64_t>() != 1 && j[1].get<std::int64_t>() != -1))
        fail(where, "expected [coordinate below " + std::to_string(dim) + ", 1 or -1]");
      c.monotone.push_back({j[0].get<std::size_t>(), static_cast<int>(j[1].get<std::int64_t>())});
    }
  } else {
    if (leaves == 0 || c.tree.size() != 2 * leaves - 1)
      fail("/cover/tree",
           "expected " + std::to_string(2 * leaves - 1) + " nodes for " + std::to_string(leaves) + " leaves");
    if (!cuts.is_array() || cuts.size() != leaves - 1)
      fail("/cover/cuts", "expected an array of " + std::to_string(leaves - 1) + " cuts");
  }
  if (!bounds.is_array() || bounds.size() != leaves)
    fail("/cover/bounds", "expected an array of " + std::to_string(leaves) + " bounds");
  c.cuts.reserve(cuts.size());
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    const std::string where = "/cover/cuts/" + std::to_string(k);
    const Json& j = cuts[k];
    RecordedCut cut;
    const Json& d = j.is_array() && j.size() == 2 ? j[0] : j;
    if (!d.is_number_unsigned() || d.get<std::uint64_t>() >= dim)
      fail(where, "expected a coordinate below " + std::to_string(dim) + ", or [coordinate, \"cut point\"]");
    cut.dim = d.get<std::size_t>();
    if (j.is_array()) cut.at = rational_of(j[1], where + "/1");
    c.cuts.push_back(std::move(cut));
  }
  c.bounds.reserve(bounds.size());
  for (std::size_t k = 0; k < bounds.size(); ++k) c.bounds.push_back(bound("/cover/bounds/" + std::to_string(k)));
  return c;
}

std::string locate_network(const CertificateReader& cert, const std::string& pointer,
                           const std::optional<std::string>& override_path) {
  namespace fs = std::filesystem;
  if (override_path) return *override_path;
  const std::string recorded = cert.text(pointer);
  const fs::path p(recorded);
  const std::string located =
      p.is_absolute() ? recorded : (fs::path(cert.path()).parent_path() / p).lexically_normal().string();
  std::error_code ec;
  const fs::file_status status = fs::status(located, ec);  // follows symbolic links
  if (!ec && fs::exists(status) && !fs::is_regular_file(status))
    cert.fail(pointer, "\"" + recorded + "\" is not a regular file (a network is read from a regular file only)");
  return located;
}

SupNormInputs read_certificate_inputs(const CertificateReader& cert, const std::optional<std::string>& net_override,
                                      std::optional<std::string>& net_sha256, std::vector<std::string>& problems) {
  SupNormInputs in;
  if (cert.has("/inputs/target_net")) {
    in.target_net_path = locate_network(cert, "/inputs/target_net/path", std::nullopt);
    in.target_net_output = cert.count("/inputs/target_net/output", 1u << 30);
  } else {
    in.target = cert.text("/inputs/target/expression");
    if (sha256_hex(in.target) != cert.text("/inputs/target/sha256"))
      problems.push_back("the target's SHA-256 differs from the recorded one");
  }
  in.relative = cert.has("/relative");
  in.domain = cert.text("/inputs/domain/text");
  if (sha256_hex(in.domain) != cert.text("/inputs/domain/sha256"))
    problems.push_back("the domain's SHA-256 differs from the recorded one");
  if (cert.has("/inputs/approx")) {
    in.approx = cert.text("/inputs/approx/expression");
    if (sha256_hex(*in.approx) != cert.text("/inputs/approx/sha256"))
      problems.push_back("the approximant's SHA-256 differs from the recorded one");
  }
  if (cert.has("/inputs/net")) {
    in.net_path = locate_network(cert, "/inputs/net/path", net_override);
    in.net_output = cert.count("/inputs/net/output", 1u << 30);
    net_sha256 = cert.text("/inputs/net/sha256");
  }
  return in;
}

}  // namespace approxcert
