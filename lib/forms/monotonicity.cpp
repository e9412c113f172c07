#include "forms/monotonicity.hpp"

namespace approxcert {

Box monotonicity_box(const Box& box, const Box& domain) {
  Box w = box;
  const Rational scale(mpz_class(1), mpz_class(1) << 20);
  for (std::size_t i = 0; i < box.dim(); ++i) {
    if (!(box.lo[i] < box.hi[i])) continue;
    const Rational margin = (box.hi[i] - box.lo[i]) * scale;
    w.lo[i] = max(domain.lo[i], box.lo[i] - margin);
    w.hi[i] = min(domain.hi[i], box.hi[i] + margin);
  }
  return w;
}

std::vector<Box> boundary_faces(const Box& box, const Box& domain, std::size_t i) {
  std::vector<Box> faces;
  if (box.lo[i] == domain.lo[i]) {
    faces.push_back(box);
    faces.back().hi[i] = domain.lo[i];
  }
  if (box.hi[i] == domain.hi[i]) {
    faces.push_back(box);
    faces.back().lo[i] = domain.hi[i];
  }
  return faces;
}

}  // namespace approxcert
