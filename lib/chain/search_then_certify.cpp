#include "chain/search_then_certify.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace approxcert::chain {

Computation search_then_certify(std::function<Point(const Attempt&)> search, Computation certify) {
  if (!search || !certify.run) throw std::logic_error("search_then_certify: needs a search and a certification");
  return {certify.kind, [search = std::move(search), run = std::move(certify.run)](const Attempt& a) {
            Point candidate = a.candidate ? *a.candidate : search(a);
            if (candidate.empty()) throw std::domain_error("search_then_certify: the search proposed no candidate");
            Attempt with = a;
            with.candidate = &candidate;
            Outcome o = run(with);
            o.candidate = std::move(candidate);
            return o;
          }};
}

const Point& candidate_of(const Attempt& a) {
  if (!a.candidate) throw std::logic_error("candidate_of: not inside a search-then-certify step");
  return *a.candidate;
}

Rational dirty_candidate_value(double v) {
  if (!std::isfinite(v)) throw std::domain_error("search proposed a non-finite candidate value");
  return Rational(mpq_class(v));  // mpq_set_d: exact
}

}  // namespace approxcert::chain
