#include "chain/verdict.hpp"

namespace approxcert::chain {

std::optional<Verdict> parse_verdict(std::string_view text) {
  for (Verdict v : {Verdict::Proved, Verdict::Refuted, Verdict::Unknown})
    if (text == to_string(v)) return v;
  return std::nullopt;
}

}  // namespace approxcert::chain
