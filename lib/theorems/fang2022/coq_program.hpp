#pragma once
// Straight-line programs as Coq text for `approxcert coq` (docs/proofs.md): the polynomial nodes a
// set of outputs depends on as a proofs/ProgramIdentity.v `program` (whose real semantics
// prog_value is then proved equal to a polynomial by the tactic program_identity), and single
// nodes as Coq real expressions. Printing only: no arithmetic on values.
#include <optional>
#include <string>
#include <vector>

#include "net/program.hpp"

namespace approxcert::theorems::fang2022 {

struct CoqProgram {
  std::string definition;         // "Definition <name> : program := [...]."
  std::vector<std::string> keys;  // the Coq key (a positive, "17%positive") of each root
  std::size_t nodes = 0;          // nodes written
};

// Guarantee: the Coq program computes, at the key keys[r], exactly the value of roots[r] in `prog` at
// every real input. It holds the nodes the roots depend on, in program order, node i keyed i+1,
// after two exact rewrites: an Affine node 1 * v_a + 0 is replaced by v_a (its readers read a),
// and an Affine term or Dot pair with an identically zero operand (a zero constant, or such a
// node after the rewrites) is left out (it adds exactly 0). std::nullopt if a node written is not
// a ring operation (Input, Const, Affine, Dot, Add, Sub, Mul, Neg, PowInt with exponent >= 0).
std::optional<CoqProgram> coq_program(const Program& prog, const std::vector<NodeId>& roots, const std::string& name);

// Node `root` of `prog` as one Coq real expression (shared nodes are repeated) over the Coq names
// `vars` of the inputs; Abs is written Rabs. std::nullopt for any other non-ring node or when the
// text would exceed `max_chars`.
std::optional<std::string> coq_expression(const Program& prog, NodeId root, const std::vector<std::string>& vars,
                                          std::size_t max_chars = 200000);

}  // namespace approxcert::theorems::fang2022
