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

std::vector<Rational> candidate_values(const Point& candidate, const CandidateShape& shape) {
  std::vector<Rational> values;
  std::size_t k = 0;
  for (const auto& [prefix, n] : shape)
    for (std::size_t i = 1; i <= n; ++i, ++k) {
      const std::string expected = prefix + std::to_string(i);
      if (k >= candidate.coordinates.size())
        throw std::domain_error("the candidate has " + std::to_string(candidate.coordinates.size()) +
                                " coordinates; coordinate '" + expected + "' is missing");
      if (candidate.coordinates[k].first != expected)
        throw std::domain_error("candidate coordinate " + std::to_string(k + 1) + " is named '" +
                                candidate.coordinates[k].first + "', expected '" + expected + "'");
      values.push_back(candidate.coordinates[k].second);
    }
  if (k != candidate.coordinates.size())
    throw std::domain_error("the candidate has " + std::to_string(candidate.coordinates.size()) +
                            " coordinates, expected " + std::to_string(k));
  return values;
}

std::vector<Rational> candidate_values(const Attempt& a, const CandidateShape& shape) {
  if (!a.candidate) throw std::logic_error("candidate_values: not inside a search-then-certify step");
  return candidate_values(*a.candidate, shape);
}

Rational dirty_candidate_value(double v) {
  if (!std::isfinite(v)) throw std::domain_error("search proposed a non-finite candidate value");
  return Rational(mpq_class(v));  // mpq_set_d: exact
}

}  // namespace approxcert::chain
