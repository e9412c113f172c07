// is_smooth_unary: exactly the elementary functions its comment lists, and with Neg and the
// piecewise linear Relu, Step, Abs exactly the ops Program::unary accepts.
#include <doctest/doctest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "net/op_class.hpp"
#include "net/program.hpp"

namespace approxcert {
namespace {

const std::set<std::string> kSmooth = {"exp",     "log",   "sqrt",  "sin",   "cos",   "tan",  "atan", "tanh",
                                       "sigmoid", "expm1", "log1p", "log2",  "log10", "asin", "acos", "sinh",
                                       "cosh",    "asinh", "acosh", "atanh", "erf",   "erfc"};

bool accepted_by_unary(Op op) {
  Program p(1);
  try {
    p.unary(op, p.input(0));
    return true;
  } catch (const std::logic_error&) {
    return false;
  }
}

TEST_CASE("is_smooth_unary is the documented list of smooth elementary functions") {
  std::size_t smooth = 0;
  for (int k = static_cast<int>(Op::Input); k <= static_cast<int>(Op::Mix); ++k) {
    const Op op = static_cast<Op>(k);
    const std::string name(op_name(op));
    CAPTURE(name);
    CHECK(is_smooth_unary(op) == (kSmooth.count(name) == 1));
    smooth += is_smooth_unary(op) ? 1 : 0;
    const bool other_unary = op == Op::Neg || op == Op::Relu || op == Op::Step || op == Op::Abs;
    CHECK(accepted_by_unary(op) == (is_smooth_unary(op) || other_unary));
  }
  CHECK(smooth == kSmooth.size());
}

}  // namespace
}  // namespace approxcert
