#pragma once
// The programs sup_norm() works on: one output, the signed error target - approx, with the
// approximant and the target sharing the program's inputs. No arithmetic happens here: nodes only.
#include <cstddef>
#include <string_view>

#include "net/network.hpp"
#include "net/program.hpp"

namespace approxcert {

// Output 0 := target - approx, where both are nodes of `prog`.
Program with_error_output(Program prog, NodeId target, NodeId approx);

// Relative mode: from a program whose output 0 is target - approx (the functions above), the
// program with outputs {q, e, t}: q = e / t the relative error, e = approx - target, t = target
// (removable_zero.hpp). Throws std::logic_error if output 0 is not a Sub node.
Program relative_error_program(Program absolute);

// The checks the builders below make, for a caller that begins their messages with where the
// input came from (load_problem): InputError "<network> has N outputs (indices 0..N-1), got K"
// unless output < outputs; InputError "the target network takes N inputs, the network M" unless
// both networks take the same number of inputs.
void check_output_index(std::size_t outputs, std::size_t output, std::string_view network);
void check_same_inputs(const CheckedNetwork& net, const CheckedNetwork& target_net);

// A network's program (lower(net)) with its output `output` as the approximant and the target
// expression compiled over the same inputs. A bad output index ("the network has ...") or target
// throws InputError.
Program net_error_program(Program net_program, std::size_t output, std::string_view target);

// Two networks on the same inputs: output 0 := target_net's output `target_output` - net's output
// `output`, both lowered into one program (lower_into). Different input dimensions or a bad output
// index throw InputError (check_same_inputs, check_output_index: "the network", "the target network").
Program net_vs_net_error_program(const CheckedNetwork& net, std::size_t output, const CheckedNetwork& target_net,
                                 std::size_t target_output);

// Two expressions in x0 .. x{dim-1}.
Program expression_error_program(std::string_view approx, std::string_view target, std::size_t dim);

}  // namespace approxcert
