#include "supnorm/error_program.hpp"

#include <string>
#include <vector>

#include "scalar/input_error.hpp"
#include "target/expression.hpp"

namespace approxcert {

namespace {

std::vector<NodeId> input_nodes(Program& prog) {
  std::vector<NodeId> vars;
  for (std::size_t k = 0; k < prog.num_inputs(); ++k) vars.push_back(prog.input(k));
  return vars;
}

}  // namespace

Program with_error_output(Program prog, NodeId target, NodeId approx) {
  prog.set_outputs({prog.binary(Op::Sub, target, approx)});
  return prog;
}

Program net_error_program(Program net_program, std::size_t output, std::string_view target) {
  const auto outs = net_program.outputs();
  if (output >= outs.size())
    throw InputError("--output: the network has " + std::to_string(outs.size()) + " output" +
                     (outs.size() == 1 ? "" : "s") + " (indices 0.." + std::to_string(outs.size() - 1) +
                     "), got " + std::to_string(output));
  const NodeId approx = outs[output];
  const std::vector<NodeId> vars = input_nodes(net_program);
  const NodeId t = compile_expression(target, net_program, vars);
  return with_error_output(std::move(net_program), t, approx);
}

Program expression_error_program(std::string_view approx, std::string_view target, std::size_t dim) {
  Program prog(dim);
  const std::vector<NodeId> vars = input_nodes(prog);
  const NodeId a = compile_expression(approx, prog, vars);
  const NodeId t = compile_expression(target, prog, vars);
  return with_error_output(std::move(prog), t, a);
}

}  // namespace approxcert
