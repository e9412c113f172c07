#include "problem/problem.hpp"

#include "domain/domain_violation.hpp"
#include "io/sha256.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/exact_json.hpp"
#include "scalar/input_error.hpp"
#include "scalar/located.hpp"

namespace approxcert {

namespace {

Problem load_absolute_problem(const SupNormInputs& in, const Box& domain, const InputOrigins& o) {
  if (in.net_path.has_value() == in.approx.has_value())
    throw InputError("give exactly one of " + o.net + " or " + o.approx);
  if (in.target_net_path.has_value() == !in.target.empty())
    throw InputError("give exactly one of " + o.target + " or " + o.target_net);
  if (in.approx) {
    // Each expression alone first, so that a message names the one that is wrong.
    located(o.approx, [&] { return compile_target(*in.approx, domain.dim()); });
    located(o.target, [&] { return compile_target(in.target, domain.dim()); });
    return {expression_error_program(*in.approx, in.target, domain.dim()), std::nullopt, std::nullopt};
  }
  const std::string bytes = read_text_file(*in.net_path);
  if (in.target_net_path) {
    const std::string target_bytes = read_text_file(*in.target_net_path);
    const CheckedNetwork net = network_from_bytes(bytes, *in.net_path);
    const CheckedNetwork target_net = network_from_bytes(target_bytes, *in.target_net_path);
    check_domain_dim(domain, net.inputs());
    // Each input alone first, so that a message names the one that is wrong.
    located(o.target_net, [&] { check_same_inputs(net, target_net); });
    located(o.net_output, [&] { check_output_index(net.outputs(), in.net_output, "the network"); });
    located(o.target_net_output,
            [&] { check_output_index(target_net.outputs(), in.target_net_output, "the target network"); });
    return {net_vs_net_error_program(net, in.net_output, target_net, in.target_net_output), sha256_hex(bytes),
            sha256_hex(target_bytes)};
  }
  Program net = lower(network_from_bytes(bytes, *in.net_path));
  check_domain_dim(domain, net.num_inputs());
  located(o.net_output, [&] { check_output_index(net.outputs().size(), in.net_output, "the network"); });
  located(o.target, [&] { return compile_target(in.target, net.num_inputs()); });
  return {net_error_program(std::move(net), in.net_output, in.target), sha256_hex(bytes), std::nullopt};
}

}  // namespace

Problem load_problem(const SupNormInputs& in, const Box& domain, const InputOrigins& origins) {
  Problem p = load_absolute_problem(in, domain, origins);
  if (const auto v = find_domain_violation(p.program, domain))
    throw InputError(describe(*v) + " (" + origins.domain + " " + in.domain +
                     " must lie inside the domain of the target and the approximant; docs/target.md)");
  if (in.relative) p.program = relative_error_program(std::move(p.program));
  return p;
}

}  // namespace approxcert
