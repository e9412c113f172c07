#pragma once
// The two sides of a claim. An Enclosure is a closed interval [lower, upper] with EXACT rational
// endpoints that contains the true value (or the whole real line when nothing finite is known).
// A Side is an enclosure plus its evidence: how it was obtained (exact arithmetic, an Arb ball,
// an MPFI interval, a two-sided sup-norm result, or exact arithmetic on earlier steps' enclosures).
// Beside forms' Range because the two contracts differ: an Enclosure is checked lower <= upper and
// may be the whole line (a non-finite ball); a Range is the forms' finite arithmetic operand.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "scalar/arithmetic.hpp"
#include "scalar/rational.hpp"
#include "scalar/scalar.hpp"

namespace approxcert::chain {

class Enclosure {
 public:
  // Guarantee: contains exactly the one point q.
  static Enclosure exact(const Rational& q) { return Enclosure(q, q); }
  // [lo, hi]; lo > hi is a programming error (std::logic_error).
  static Enclosure between(const Rational& lo, const Rational& hi);
  // The whole real line: what a non-finite ball or interval encloses.
  static Enclosure whole_line() { return Enclosure(); }
  // [lower(x), upper(x)] of a Ball or Interval (whole line if x is not finite): contains every
  // point x contains.
  template <RigorousScalar S>
  static Enclosure of(const S& x) {
    if (!is_finite(x)) return whole_line();
    return between(approxcert::lower(x), approxcert::upper(x));
  }

  bool bounded() const { return bounded_; }
  bool is_exact() const { return bounded_ && lower_ == upper_; }
  // Exact endpoints; calling them on an unbounded enclosure is a std::logic_error.
  const Rational& lower() const;
  const Rational& upper() const;

  bool contains(const Rational& q) const { return !bounded_ || (lower_ <= q && q <= upper_); }
  bool intersects(const Enclosure& o) const;
  friend bool operator==(const Enclosure&, const Enclosure&) = default;

 private:
  Enclosure() = default;
  Enclosure(Rational lo, Rational hi) : bounded_(true), lower_(std::move(lo)), upper_(std::move(hi)) {}
  bool bounded_ = false;
  Rational lower_, upper_;
};

// A point given by named exact coordinates, e.g. {x: 1, y: 37/40} or {i: 2, j: 5}. Used for the
// input point of a counterexample, the witness of a sup-norm lower bound, and the worst point of
// a "for all points" step. An empty Point means "the instance itself" (its parameters).
struct Point {
  std::vector<std::pair<std::string, Rational>> coordinates;
  Point& add(std::string name, Rational value) {
    coordinates.emplace_back(std::move(name), std::move(value));
    return *this;
  }
  bool empty() const { return coordinates.empty(); }
  friend bool operator==(const Point&, const Point&) = default;
};

// What a sup-norm side carries besides its enclosure [lower, upper] (lib/supnorm's result, kept
// thin so that the chain does not depend on the supnorm engine).
struct SupNormEvidence {
  std::string status;       // "converged", "budget_exhausted", ...
  Point witness;            // the point whose rigorous value gives `lower`
  std::uint64_t boxes = 0;  // boxes in the cover that gives `upper`
  friend bool operator==(const SupNormEvidence&, const SupNormEvidence&) = default;
};

// How `verify` can re-compute a side from the certificate alone (chain/recheck.hpp): a target-
// language expression in x0 .. x{k-1}, inputs[k] naming what x_k is bound to ("parameter:b",
// "at:i", "step:D1:lhs", "step:D3:reported:n").
// Or (network recipe, non-empty `network`): evaluate the network recorded in the certificate's
// "networks" under that SHA-256 at inputs[0 ..] (one input name per network input), output
// `output` (a decimal index, or an input name giving it, "at:entry"); the expression is empty.
struct Recheck {
  std::string expression;
  std::vector<std::string> inputs;
  std::string network{};  // SHA-256 of the recorded network's canonical approxcert-net/1 text
  std::string output{};
  // The producer's canonical text of `network` (make_certificate records it under "networks");
  // not part of the side's JSON, and compared through its hash.
  std::shared_ptr<const std::string> network_text{};
  friend bool operator==(const Recheck& a, const Recheck& b) {
    return a.expression == b.expression && a.inputs == b.inputs && a.network == b.network && a.output == b.output;
  }
};

// The trust marker of every sup-norm side: a chain certificate records its bound, not its cover.
inline constexpr const char* kSupNormTrusted =
    "sup-norm bound of the branch and bound (the chain certificate records its witness, not its cover)";

struct Evidence {
  // "exact" (exact rational arithmetic), "arb" or "mpfi" (scalar/arithmetic.hpp), "supnorm"
  // (branch and bound, two-sided), "derived" (exact arithmetic on earlier enclosures).
  std::string kind;
  std::string note;  // optional: how it was computed, in words ("closed-form tail 2/pi^2 psi'(N+1/2)")
  std::optional<SupNormEvidence> supnorm;  // present iff kind == "supnorm"
  std::optional<Recheck> recheck;          // optional: recorded, and re-computed by verify
  // Why verify cannot re-compute this side from the certificate (a network evaluation of a
  // construction the module builds, a search, a sup-norm): recorded as "trusted" and named in
  // verify's report. Empty: not marked (a recheck, or nothing said).
  std::string trusted;
  friend bool operator==(const Evidence&, const Evidence&) = default;
};

struct Side {
  Enclosure value = Enclosure::whole_line();
  Evidence evidence;

  // An exact rational (a count, a parameter, a rational formula): kind "exact".
  static Side exact(const Rational& q, std::string note = {});
  // An enclosure computed with Ball ("arb") or Interval ("mpfi").
  template <RigorousScalar S>
  static Side enclosure(const S& x, std::string note = {}) {
    return Side{Enclosure::of(x), Evidence{evidence_kind_of<S>(), std::move(note), std::nullopt, std::nullopt, {}}};
  }
  // A two-sided sup-norm result lower <= sup <= upper (lower from `witness`).
  static Side sup_norm(const Rational& lower, const Rational& upper, std::string status, Point witness,
                       std::uint64_t boxes, std::string note = {});
  // An enclosure obtained by exact rational arithmetic on earlier enclosures: kind "derived".
  static Side derived(Enclosure value, std::string note = {});
  // The same side, recording how verify re-computes it without the theorem module: `expression`
  // must compute the quantity this side encloses, from the named inputs (Recheck above).
  Side rechecked_by(std::string expression, std::vector<std::string> inputs) &&;
  // The same side, saying why verify must trust it as recorded (Evidence::trusted).
  Side trusted_because(std::string reason) &&;

  template <class S>
  static std::string evidence_kind_of() {
    if constexpr (std::is_same_v<S, Ball>) return std::string(to_string(Arithmetic::Ball));
    else if constexpr (std::is_same_v<S, Interval>) return std::string(to_string(Arithmetic::Interval));
    else return "exact";
  }
};

}  // namespace approxcert::chain
