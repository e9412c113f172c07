#pragma once
// Re-computation of a recorded side by `verify` without the theorem module (verify.hpp). A side
// may record how it is computed (Evidence::recheck, enclosure.hpp): a target-language expression
// (docs/target.md) in x0 .. x{k-1} whose inputs name recorded data of the same certificate:
//   "parameter:NAME"               an exact rational parameter of the instance
//   "parameter:NAME/i/j"           an entry of an array parameter (0-based indices)
//   "at:NAME"                      a coordinate of the step's recorded point ("at")
//   "step:ID:lhs" | ":rhs" | ":rhs_high"   the recorded side of an EARLIER step
//   "step:ID:reported:NAME"        a value an earlier step, or the step itself, reported
//   "number:Q"                     the exact rational Q itself (a constant input, e.g. of a network's
//                                  input that a construction fixes)
// The expression is compiled by the target language into the IR and evaluated by the one generic
// evaluator: exactly (Rational) when every input is an exact point and the text has no '^', else
// with MPFI over the input enclosures. Nothing of the theorem module runs.
// A network recipe (Recheck::network) evaluates a network the certificate records
// (recorded_networks.hpp) at the inputs, one per network input, and takes output `output` (an index;
// an input naming one, or "NAME-K" for that index minus K when no input is named "NAME-K"; or "max":
// the largest output, enclosed by the largest lower and upper ends): through
// lower() and the same generic evaluator, exactly or with MPFI as above.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "chain/enclosure.hpp"
#include "net/program.hpp"
#include "scalar/prec.hpp"

namespace approxcert::chain {

inline constexpr std::size_t kMaxRecheckExpressionLength = 2000;  // characters
inline constexpr std::size_t kMaxRecheckInputs = 64;

// What a recheck reads: the instance's parameters (as recorded), the step's point, and the
// recorded sides / reported values of the earlier steps, by step id.
struct RecheckData {
  const nlohmann::json* parameters = nullptr;
  const Point* at = nullptr;
  // "ID:lhs", "ID:rhs", "ID:rhs_high", "ID:reported:NAME" -> recorded enclosure (earlier steps; the
  // step's own reported values too)
  std::map<std::string, Enclosure, std::less<>> earlier;
  // The certificate's recorded networks by SHA-256, lowered (read_recorded_networks).
  const std::map<std::string, Program, std::less<>>* networks = nullptr;
};

struct Recomputed {
  Enclosure value = Enclosure::whole_line();  // contains the true value of the expression
  bool exact = false;                         // computed exactly (a single point)
};

// Guarantee: the returned enclosure contains the value of the expression at every choice of the
// inputs within their recorded enclosures (MPFI at `prec`, or exactly). InputError "<what>" on an
// unknown input name, a non-exact parameter, a malformed or oversized expression, or inputs that
// do not match the expression's variables; for a network recipe, a network the certificate does
// not record, an input count other than the network's, or an output index out of range.
Recomputed recompute_side(const Recheck& recheck, const RecheckData& data, Prec prec);

// The JSON form recorded in a side's "evidence" and read back (InputError "<where>: ..." if malformed).
nlohmann::json recheck_json(const Recheck& recheck);
Recheck read_recheck(const nlohmann::json& j, const std::string& where);

}  // namespace approxcert::chain
