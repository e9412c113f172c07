#pragma once
// Classes of program ops (net/program.hpp) that several layers dispatch on: one list, so a new
// elementary function is added to all of them at once.
#include "net/program.hpp"

namespace approxcert {

// The elementary functions of one argument that are smooth on the interior of their domain: exp,
// log, sqrt, the trigonometric and hyperbolic functions and their inverses, sigmoid, expm1, log1p,
// log2, log10, erf, erfc. Not Neg, PowInt, Relu, Step, Abs (rational or piecewise linear).
inline bool is_smooth_unary(Op op) {
  switch (op) {
    case Op::Exp:
    case Op::Log:
    case Op::Sqrt:
    case Op::Sin:
    case Op::Cos:
    case Op::Tan:
    case Op::Atan:
    case Op::Tanh:
    case Op::Sigmoid:
    case Op::Expm1:
    case Op::Log1p:
    case Op::Log2:
    case Op::Log10:
    case Op::Asin:
    case Op::Acos:
    case Op::Sinh:
    case Op::Cosh:
    case Op::Asinh:
    case Op::Acosh:
    case Op::Atanh:
    case Op::Erf:
    case Op::Erfc: return true;
    default: return false;
  }
}

}  // namespace approxcert
