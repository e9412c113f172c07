#pragma once
// Constant expressions as numbers (DESIGN.md "Numbers", docs/target.md): where a number is read, a
// text that is not an exact rational may be a closed expression of the target language ("pi",
// "sqrt(2)/2", "cos(pi/8)", "log(3)"). It is validated once when read -- parsed with no variables
// and enclosed finitely -- and kept as text; it is enclosed by the ONE generic evaluator at
// whatever precision the computation runs.
#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string_view>

#include "net/number.hpp"
#include "scalar/ball.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/prec.hpp"

namespace approxcert {

inline constexpr std::size_t kMaxConstantLength = 10000;  // characters of one constant expression
inline constexpr long kConstantCheckMaxPrec = 4096;       // highest precision tried when validating

// The Number a text spells: an exact rational if parse_rational accepts it, else a validated
// constant expression. Throws InputError("<what is wrong>") -- without a location, which callers
// prefix -- for: a syntax error or an unknown name, any variable, a text longer than
// kMaxConstantLength, or a value that is not a finite real number (log(0), 1/0, sqrt(-1)): its
// enclosure is not finite at any precision up to kConstantCheckMaxPrec bits.
Number read_number(std::string_view text);

// A JSON number (exact) or a string read by read_number; errors are at.fail(...) ("<file>: <pointer>: ...").
Number json_number(const ExactJson& v, const JsonAt& at);

// Ball containing the number, at precision p (an exact number: set(); an expression: the generic
// evaluator on its compiled program). May be non-finite at a low precision (then it is still an
// enclosure, just a useless one).
Ball enclose(const Number& x, Prec p);

}  // namespace approxcert
