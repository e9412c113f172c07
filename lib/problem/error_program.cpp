#include "problem/error_program.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "net/expression.hpp"
#include "net/lower.hpp"
#include "scalar/input_error.hpp"

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

Program relative_error_program(Program prog) {
  if (prog.outputs().empty()) throw std::logic_error("relative_error_program: no output");
  const Node& d = prog.nodes()[prog.outputs()[0]];
  if (d.op != Op::Sub) throw std::logic_error("relative_error_program: output 0 is not target - approx");
  const NodeId t = prog.args(d)[0], a = prog.args(d)[1];
  const NodeId e = prog.binary(Op::Sub, a, t);
  prog.set_outputs({prog.binary(Op::Div, e, t), e, t});
  return prog;
}

void check_output_index(std::size_t outputs, std::size_t output, std::string_view network) {
  if (output < outputs) return;
  if (outputs == 0) throw InputError(std::string(network) + " has no outputs, got " + std::to_string(output));
  throw InputError(std::string(network) + " has " + std::to_string(outputs) + " output" + (outputs == 1 ? "" : "s") +
                   " (indices 0.." + std::to_string(outputs - 1) + "), got " + std::to_string(output));
}

void check_same_inputs(const CheckedNetwork& net, const CheckedNetwork& target_net) {
  if (net.inputs() != target_net.inputs())
    throw InputError("the target network takes " + std::to_string(target_net.inputs()) + " inputs, the network " +
                     std::to_string(net.inputs()));
}

Program net_error_program(Program net_program, std::size_t output, std::string_view target) {
  check_output_index(net_program.outputs().size(), output, "the network");
  const NodeId approx = net_program.outputs()[output];
  const std::vector<NodeId> vars = input_nodes(net_program);
  const NodeId t = compile_expression(target, net_program, vars);
  return with_error_output(std::move(net_program), t, approx);
}

Program net_vs_net_error_program(const CheckedNetwork& net, std::size_t output, const CheckedNetwork& target_net,
                                 std::size_t target_output) {
  check_same_inputs(net, target_net);
  Program prog(net.inputs());
  const std::vector<NodeId> approx = lower_into(prog, net);
  const std::vector<NodeId> target = lower_into(prog, target_net);
  check_output_index(approx.size(), output, "the network");
  check_output_index(target.size(), target_output, "the target network");
  return with_error_output(std::move(prog), target[target_output], approx[output]);
}

Program expression_error_program(std::string_view approx, std::string_view target, std::size_t dim) {
  Program prog(dim);
  const std::vector<NodeId> vars = input_nodes(prog);
  const NodeId a = compile_expression(approx, prog, vars);
  const NodeId t = compile_expression(target, prog, vars);
  return with_error_output(std::move(prog), t, a);
}

}  // namespace approxcert
