#pragma once
// Reading the members of a supnorm or lpnorm certificate for their checkers: every failure is an
// InputError naming the file and the JSON pointer; numbers are read exactly (parse_rational).
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "check/cover_check.hpp"
#include "problem/statement.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

inline constexpr long kMaxCertificateBits = 65536;  // the largest precision a certificate may ask for

class CertificateReader {
 public:
  CertificateReader(const std::string& path, const nlohmann::json& doc) : path_(path), doc_(doc) {}
  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const;
  const nlohmann::json& at(const std::string& pointer) const;
  bool has(const std::string& pointer) const;
  std::string text(const std::string& pointer) const;
  Rational rational(const std::string& pointer) const { return rational_of(at(pointer), pointer); }
  Rational rational_of(const nlohmann::json& v, const std::string& pointer) const;
  std::optional<Rational> bound(const std::string& pointer) const;  // "inf" (absent) or a number
  std::uint64_t count(const std::string& pointer, std::uint64_t max) const;
  long bits(const std::string& pointer) const;  // 16 .. kMaxCertificateBits
  // Fails on a member of the object at `pointer` that is not in `known` (`kind` names the certificate).
  void check_keys(const nlohmann::json& obj, const std::string& pointer, std::initializer_list<const char*> known,
                  const std::string& kind) const;
  // The recorded cover's tree, cuts and upper "bounds" (supnorm/certificate.hpp's encoding), for a
  // domain of dimension `dim`, with at most `max_leaves` leaves.
  RecordedCover cover(std::size_t dim, std::uint64_t max_leaves) const;
  const std::string& path() const { return path_; }

 private:
  const std::string& path_;
  const nlohmann::json& doc_;
};

// The network file: `override_path` if given (the user's choice), else the path recorded at
// `pointer`, relative to the certificate's folder, which must name a regular file (a recorded
// /dev/stdin, a FIFO or a device would block or flood the checker: InputError naming the pointer).
std::string locate_network(const CertificateReader& cert, const std::string& pointer,
                           const std::optional<std::string>& override_path);

// The recorded "inputs" (expressions, network paths located with locate_network, domain text) of a
// supnorm or lpnorm certificate, "relative" read from the top level. A recorded expression or domain
// whose SHA-256 differs adds a problem; `net_sha256` receives the network's recorded hash (the
// caller compares it with the file's).
SupNormInputs read_certificate_inputs(const CertificateReader& cert, const std::optional<std::string>& net_override,
                                      std::optional<std::string>& net_sha256, std::vector<std::string>& problems);

}  // namespace approxcert
