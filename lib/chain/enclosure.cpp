#include "chain/enclosure.hpp"

#include <stdexcept>

namespace approxcert::chain {

Enclosure Enclosure::between(const Rational& lo, const Rational& hi) {
  if (hi < lo) throw std::logic_error("Enclosure::between: lower " + lo.to_string() + " > upper " + hi.to_string());
  return Enclosure(lo, hi);
}

const Rational& Enclosure::lower() const {
  if (!bounded_) throw std::logic_error("Enclosure::lower() of an unbounded enclosure");
  return lower_;
}

const Rational& Enclosure::upper() const {
  if (!bounded_) throw std::logic_error("Enclosure::upper() of an unbounded enclosure");
  return upper_;
}

bool Enclosure::intersects(const Enclosure& o) const {
  if (!bounded_ || !o.bounded_) return true;
  return lower_ <= o.upper_ && o.lower_ <= upper_;
}

Side Side::exact(const Rational& q, std::string note) {
  return Side{Enclosure::exact(q), Evidence{"exact", std::move(note), std::nullopt, std::nullopt, {}}};
}

Side Side::sup_norm(const Rational& lower, const Rational& upper, std::string status, Point witness,
                    std::uint64_t boxes, std::string note) {
  return Side{Enclosure::between(lower, upper),
              Evidence{"supnorm", std::move(note), SupNormEvidence{std::move(status), std::move(witness), boxes},
                       std::nullopt, std::string(kSupNormTrusted)}};
}

Side Side::derived(Enclosure value, std::string note) {
  return Side{std::move(value), Evidence{"derived", std::move(note), std::nullopt, std::nullopt, {}}};
}

Side Side::rechecked_by(std::string expression, std::vector<std::string> inputs) && {
  evidence.recheck = Recheck{std::move(expression), std::move(inputs)};
  evidence.trusted.clear();
  return std::move(*this);
}

Side Side::trusted_because(std::string reason) && {
  evidence.trusted = std::move(reason);
  return std::move(*this);
}

}  // namespace approxcert::chain
