#pragma once
// Target expressions (docs/target.md): text such as "exp(x0)*sin(x1) + x0^-2" compiled into the
// IR (net/program.hpp), so targets are evaluated by the same generic evaluator as networks.
// Numbers are read exactly with parse_rational (never through double) and no subexpression is
// folded: the compiled program computes exactly the mathematical function the text spells.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "net/program.hpp"

namespace approxcert {

inline constexpr std::size_t kMaxExpressionDepth = 1000;  // nesting of parentheses, signs, calls
inline constexpr long kMaxPowerExponent = 10000;          // |n| in x^n

// Parses `text` and appends its nodes to `prog`; vars[k] is the node holding x_k, so the text may
// use x0 .. x{D-1} with D = vars.size(), and x when D = 1; with D = 0 it is a constant expression
// and any variable is an error. Returns the node of the whole expression.
// Bad text throws InputError("expression: column N: what is wrong") and appends nothing.
NodeId compile_expression(std::string_view text, Program& prog, std::span<const NodeId> vars);

// The same with named variables: vars[k] is spelled names[k] (x0, x1, ... are then not variables).
// Names must be identifiers that are not reserved (is_reserved_expression_name); one name per
// variable, at least one (std::logic_error otherwise).
NodeId compile_named_expression(std::string_view text, Program& prog, std::span<const NodeId> vars,
                                std::span<const std::string> names);

// used[k]: whether `text` mentions names[k] (InputError for bad text, as compile_named_expression).
std::vector<bool> named_variables_used(std::string_view text, std::span<const std::string> names);

// True for the words the language gives a meaning: pi, e, x, x<k>, function names, inf/nan words.
bool is_reserved_expression_name(std::string_view name);

// A program with `dim` inputs (x0 .. x{dim-1}) and one output: the expression.
Program compile_target(std::string_view text, std::size_t dim);

}  // namespace approxcert
