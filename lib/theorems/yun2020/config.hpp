#pragma once
// Reading a Yun 2020 construction from instance parameters (check files and `approxcert build`),
// and the target map f given as d*n expressions. Parameter names are documented in
// checks/yun2020/README.md.
#include <string>
#include <vector>

#include "chain/parameters.hpp"
#include "net/program.hpp"
#include "theorems/yun2020/construction.hpp"

namespace approxcert::theorems::yun2020 {

// d, n, delta, J, thresholds (+ t_l, t_r), global_scale, acceptance, ties. positional: Theorem 3's
// variant (spec 2.6); its tight thresholds are computed exhaustively (positional.hpp).
Config read_config(const chain::Parameters& p, bool positional = false);

// The target f : R^{d x n} -> R^{d x n}: one expression per output entry, column by column
// (entry (r, j) is expression j*d + r), in the variables x0..x{dn-1} (same order).
struct TargetMap {
  std::vector<std::string> expressions;
  Program program;      // d*n inputs, d*n outputs
  JsonAt at{"target"};  // where the expressions were read ("<file>: /parameters/target"), for messages
};
TargetMap read_target(const chain::Parameters& p, const Shape& shape);
// f(point) exactly; InputError naming f.at if f is not exactly rational there (the value map needs
// exact weights) or divides by zero there.
std::vector<Rational> eval_target(const TargetMap& f, const std::vector<Rational>& point);

}  // namespace approxcert::theorems::yun2020
