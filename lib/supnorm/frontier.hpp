#pragma once
// Frontier: the boxes still to refine, largest upper bound first, plus what is known about the
// boxes that left it. Invariant (with L the best certified lower bound): sup |f| over the domain
// <= upper_bound() as long as every part of the domain is in a frontier box, a retired box, or a
// box dropped by drop() with upper <= L, or eliminated by the monotonicity test (which shows that
// no maximiser of |f| lies there).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "domain/domain.hpp"
#include "scalar/rational.hpp"

namespace approxcert {

struct FrontierBox {
  Box box;
  std::optional<Rational> upper;       // |f| <= upper on the box; absent: no finite bound yet
  long bounded_at = 0;                 // working precision its bound was computed at
  long prec = 0;                       // working precision for refining it (>= bounded_at)
  std::vector<double> dirty_gradient;  // for the splitter
  std::uint64_t order = 0;             // insertion number: ties pop first-in first-out (determinism)
  std::size_t node = 0;                // its node in the recorded cover (SupNormCover)
  bool needs_bound = false;            // a face kept by the monotonicity test: `upper` is its box's, to be
                                       // bounded on the face itself before any split
};

class Frontier {
 public:
  void push(FrontierBox b);
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  // The box with the largest upper bound (unbounded first). Requires !empty().
  const FrontierBox& top() const { return *heap_.front(); }
  FrontierBox pop();

  // Records a box that will not be refined because its upper bound is <= the lower bound.
  void drop(const std::optional<Rational>& upper);
  // Records a box that cannot be refined further (precision limit) but still counts.
  void retire(const std::optional<Rational>& upper);

  // max over frontier, dropped and retired boxes of their upper bounds; absent: unbounded.
  // Zero when nothing is recorded at all.
  std::optional<Rational> upper_bound() const;

 private:
  struct Before {
    bool operator()(const std::unique_ptr<FrontierBox>& a,
                    const std::unique_ptr<FrontierBox>& b) const;  // a pops after b
  };
  void note(std::optional<Rational>& acc, bool& unbounded, const std::optional<Rational>& upper);
  // A max-heap under Before, of pointers: the heap's moves and the vector's growth then move no
  // Rationals (whose moves allocate, so that the vector would copy its boxes as it grows).
  std::vector<std::unique_ptr<FrontierBox>> heap_;
  std::uint64_t next_order_ = 0;
  std::optional<Rational> dropped_max_, retired_max_;
  bool dropped_unbounded_ = false, retired_unbounded_ = false;
};

}  // namespace approxcert
