// Fuzz target: the target-expression parser, then one certified evaluation of what it accepts
// (at x = (1/3, -2, 0x1p-4), 64 bits) and the exact conversion of the enclosure's endpoints.
#include <vector>

#include "fuzz_support.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/scalar.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace approxcert;
  fuzz::only_input_errors([&] {
    const Program prog = compile_target(fuzz::as_text(data, size), 3);
    const Prec p(64);
    std::vector<Ball> x(3);
    set(x[0], Rational(mpz_class(1), mpz_class(3)), p);
    set(x[1], Rational(-2), p);
    set(x[2], parse_rational("0x1p-4"), p);
    for (const Ball& y : evaluate<Ball>(prog, x, p))
      if (is_finite(y)) (void)(lower(y) <= upper(y));
  });
  return 0;
}
