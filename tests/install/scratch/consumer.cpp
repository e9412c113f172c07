// Uses the installed library: exact rationals, a certified enclosure of exp(1/3) (Arb), and, given
// a network file, the certified sup-norm of x0*x1 - net over [0,1]^2 (what a user's program does:
// load a network, which links the ONNX importer and protobuf, and run the search).
#include <iostream>
#include <vector>

#include "domain/domain.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "scalar/scalar.hpp"
#include "supnorm/error_program.hpp"
#include "supnorm/supnorm.hpp"

int main(int argc, char** argv) {
  using namespace approxcert;
  const Rational sum = parse_rational("1/3") + parse_rational("1/6");
  const Program prog = compile_target("exp(x0)", 1);
  std::vector<Ball> x(1);
  set(x[0], parse_rational("1/3"), Prec(128));
  const Ball y = evaluate<Ball>(prog, x, Prec(128))[0];
  std::cout << "sum " << sum.to_string() << "\n"
            << "exp(1/3) in [" << decimal_down(lower(y), 20) << ", " << decimal_up(upper(y), 20) << "]\n";
  if (argc < 2) return 0;
  const Network net = load_network(argv[1]);
  SupNormOptions opts;
  opts.rel_tol = parse_rational("1/10000");
  const SupNormResult r = sup_norm(net_error_program(lower(net), 0, "x0*x1"), parse_domain("[0,1]^2"), opts);
  if (!r.upper) return 1;
  std::cout << "sup in [" << r.lower.to_string() << ", " << r.upper->to_string() << "]\n";
}
