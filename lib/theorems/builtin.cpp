#include "theorems/builtin.hpp"

#include "theorems/altabaa2024/register.hpp"
#include "theorems/claims/claims.hpp"
#include "theorems/demo/demo_theorem.hpp"
#include "theorems/fang2022/register.hpp"
#include "theorems/kajitsuka2024/register.hpp"
#include "theorems/wright2021/register.hpp"
#include "theorems/yun2020/register.hpp"

namespace approxcert::theorems {

const chain::TheoremRegistry& builtin_theorems() {
  static const chain::TheoremRegistry registry = [] {
    chain::TheoremRegistry r;
    demo::register_demo_theorem(r);
    yun2020::register_theorems(r);
    altabaa2024::register_theorems(r);
    fang2022::register_theorems(r);
    wright2021::register_theorems(r);
    kajitsuka2024::register_theorems(r);
    claims::register_theorems(r);
    return r;
  }();
  return registry;
}

}  // namespace approxcert::theorems
