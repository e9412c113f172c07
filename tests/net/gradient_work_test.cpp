// gradient_work counts inputs x (nodes + arguments): checked against programs whose node and
// argument counts are read off the program itself, and the budget's two sides.
#include <doctest/doctest.h>

#include <string>

#include "net/expression.hpp"
#include "net/gradient_work.hpp"

using namespace approxcert;

namespace {

std::size_t nodes_plus_args(const Program& prog) {
  std::size_t n = 0;
  for (const Node& node : prog.nodes()) n += 1 + prog.args(node).size();
  return n;
}

std::string sum_of_inputs(std::size_t d) {
  std::string s;
  for (std::size_t i = 0; i < d; ++i) s += (i ? "+x" : "x") + std::to_string(i);
  return s;
}

}  // namespace

TEST_CASE("gradient_work: inputs times nodes plus arguments") {
  for (std::size_t d : {1u, 2u, 7u, 40u}) {
    const Program prog = compile_target(sum_of_inputs(d), d);
    CHECK(gradient_work(prog) == d * nodes_plus_args(prog));
    CHECK(gradient_work(prog) >= d * d);  // the input nodes alone
  }
}

TEST_CASE("gradient_work: small problems and 100 inputs keep the gradient forms, 2100 inputs do not") {
  CHECK(gradient_forms_affordable(compile_target("x0*x1 + sin(x2)", 3)));
  CHECK(gradient_forms_affordable(compile_target(sum_of_inputs(100), 100)));
  CHECK_FALSE(gradient_forms_affordable(compile_target(sum_of_inputs(2100), 2100)));
}
