#include "net/constant.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

namespace approxcert {

namespace {

Ball enclose_program(const Program& prog, Prec p) { return evaluate<Ball>(prog, std::span<const Ball>(), p).at(0); }

}  // namespace

Number read_number(std::string_view text) {
  if (text.size() > kMaxConstantLength)
    throw InputError("constant expression of " + std::to_string(text.size()) + " characters is too long (limit " +
                     std::to_string(kMaxConstantLength) + ")");
  try {
    return Number(parse_rational(text));
  } catch (const InputError&) {
    // not an exact rational: read it as a constant expression below
  }
  if (is_nonfinite_word(text)) throw InputError(approxcert::quoted(text) + " is not allowed: numbers must be finite");
  Program prog;
  try {
    prog = compile_target(text, 0);
  } catch (const InputError& e) {
    throw InputError("expected a number or a constant expression, got " + approxcert::quoted(text) + ": " + e.what());
  }
  // Rising precision: a value near a singularity may need more bits to be enclosed finitely;
  // one that is never finite (log(0), 1/0, sqrt(-1)) is not a real number.
  for (long bits = 64; bits <= kConstantCheckMaxPrec; bits *= 4)
    if (is_finite(enclose_program(prog, Prec(bits)))) return Number::expression(std::string(text));
  throw InputError("constant expression " + approxcert::quoted(text) +
                   " is not a finite real number (undefined, e.g. log(0), 1/0 "
                   "or sqrt(-1), or infinite): its enclosure at " +
                   std::to_string(kConstantCheckMaxPrec) + " bits is not finite");
}

Number json_number(const ExactJson& v, const JsonAt& at) {
  // JSON numbers are exact; other types, "nan" and "inf" get json_rational's message.
  if (!v.is_string() || is_nonfinite_word(v.get_ref<const std::string&>())) return Number(json_rational(v, at));
  try {
    return read_number(v.get_ref<const std::string&>());
  } catch (const InputError& e) {
    at.fail(e.what());
  }
}

Ball enclose(const Number& x, Prec p) {
  if (const Rational* q = x.exact()) {
    Ball b;
    set(b, *q, p);
    return b;
  }
  return enclose_program(compile_target(x.text(), 0), p);
}

}  // namespace approxcert
