#pragma once
// Reading a JSON array element by element: the one loop of the readers of lists (numbers, counts,
// rows of a matrix), each element read where it stands so that an error names its index.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <type_traits>
#include <vector>

#include "scalar/exact_json.hpp"

namespace approxcert {

// read(v[i], at.index(i)) for every element of the array v, in order (v not an array: json_array's
// error at `at`; an element's error is read's, at its index).
template <class Read>
auto json_list(const ExactJson& v, const JsonAt& at, Read read) {
  using Element = std::invoke_result_t<Read&, const ExactJson&, const JsonAt&>;
  json_array(v, at);
  std::vector<Element> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out.push_back(read(v[i], at.index(i)));
  return out;
}

}  // namespace approxcert
