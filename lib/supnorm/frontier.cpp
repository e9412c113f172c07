#include "supnorm/frontier.hpp"

#include <algorithm>
#include <utility>

namespace approxcert {

bool Frontier::Before::operator()(const std::unique_ptr<FrontierBox>& pa,
                                  const std::unique_ptr<FrontierBox>& pb) const {
  const FrontierBox &a = *pa, &b = *pb;
  if (a.upper.has_value() != b.upper.has_value()) return a.upper.has_value();  // unbounded first
  if (a.upper && *a.upper != *b.upper) return *a.upper < *b.upper;
  return a.order > b.order;
}

void Frontier::push(FrontierBox b) {
  b.order = next_order_++;
  heap_.push_back(std::make_unique<FrontierBox>(std::move(b)));
  std::push_heap(heap_.begin(), heap_.end(), Before{});
}

FrontierBox Frontier::pop() {
  std::pop_heap(heap_.begin(), heap_.end(), Before{});
  FrontierBox b = std::move(*heap_.back());
  heap_.pop_back();
  return b;
}

void Frontier::note(std::optional<Rational>& acc, bool& unbounded, const std::optional<Rational>& upper) {
  if (!upper) {
    unbounded = true;
    return;
  }
  if (!acc || *acc < *upper) acc = upper;
}

void Frontier::drop(const std::optional<Rational>& upper) { note(dropped_max_, dropped_unbounded_, upper); }

void Frontier::retire(const std::optional<Rational>& upper) { note(retired_max_, retired_unbounded_, upper); }

std::optional<Rational> Frontier::upper_bound() const {
  if (dropped_unbounded_ || retired_unbounded_) return std::nullopt;
  if (!heap_.empty() && !top().upper) return std::nullopt;
  Rational u(0);
  if (!heap_.empty()) u = *top().upper;
  if (dropped_max_) u = max(u, *dropped_max_);
  if (retired_max_) u = max(u, *retired_max_);
  return u;
}

}  // namespace approxcert
