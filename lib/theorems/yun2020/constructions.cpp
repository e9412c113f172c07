#include "theorems/yun2020/constructions.hpp"

#include "theorems/yun2020/assembly.hpp"

namespace approxcert::theorems::yun2020 {

namespace {

Assembly assembly_from(const chain::Parameters& p) {
  const Config c = read_config(p, p.flag_or("positional_encoding", false));
  const TargetMap f = read_target(p, c.shape);
  const std::optional<Rational> M = p.has("M") ? std::optional<Rational>(p.rational("M")) : std::nullopt;
  return assemble(c, f, M, default_threads());
}

}  // namespace

void register_constructions(ConstructionRegistry& r) {
  r.add(
      {.name = "yun2020/hardmax",
       .description =
           "Yun et al. 2020 hardmax/Phi Transformer bar g = g_v o g_c o g_q; params d, n, delta, J, thresholds "
           "(+ t_l, t_r), target (d*n expressions), optional global_scale, acceptance, M, positional_encoding (Theorem 3: "
           "X + E, E_{:,j} = (j-1) 1_d, first)"},
      [](const chain::Parameters& p) -> Network { return assembly_from(p).network(); });
  r.add({.name = "yun2020/softmax",
         .description = "Yun et al. 2020 softmax/ReLU Transformer g (Lemma 9): the hardmax parameters plus lambda "
                        "(softmax scale) and eta (ReLU ramp width); with positional_encoding Theorem 3's"},
        [](const chain::Parameters& p) -> Network {
          Smoothing s{p.rational("lambda"), p.rational("eta")};
          if (s.lambda.sign() <= 0) p.fail("lambda", "must be > 0");
          if (s.eta.sign() <= 0) p.fail("eta", "must be > 0");
          return assembly_from(p).network(s);
        });
}

}  // namespace approxcert::theorems::yun2020
