#include "theorems/yun2020/unbounded_steps.hpp"

#include <cmath>
#include <stdexcept>

#include "chain/search_then_certify.hpp"
#include "net/clamp_form.hpp"
#include "net/constant_on_ray.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/mean_value_image.hpp"
#include "theorems/yun2020/stages.hpp"
#include "theorems/yun2020/step_spec.hpp"

namespace approxcert::theorems::yun2020 {

using chain::Enclosure;
using chain::Outcome;
using chain::Relation;
using chain::Side;

namespace {

const chain::CandidateShape kInterval{{"x2_end", 2}};

// The quantizer of one entry of bar g (hardmax/Phi), one 1-D program per layer (as
// entry_quantizer_programs() for g).
std::vector<Program> hardmax_entry_quantizer(const Config& c) {
  Config one = c;
  one.shape = Shape{1, 1, c.shape.N};
  std::vector<Program> out;
  for (const Layer& l : quantizer_layers(one, std::nullopt)) out.push_back(lower(sequence_network(one.shape, {l})));
  return out;
}

// The network input: x_1 at entry (1, 1), x_2 at entry (1, 2) (token 2), every other entry delta/2.
template <class S>
std::vector<S> witness_input(const Shape& s, const Rational& x1, const Rational& lo, const Rational& hi, Prec p) {
  std::vector<S> x(s.d * s.n);
  for (auto& e : x) set(e, s.delta() / Rational(2), p);
  set(x[0], x1, p);
  set_interval(x[s.d], lo, hi, p);
  return x;
}

// max_k |g_k(x) - want_k| over the input box x.
template <class S>
S max_deviation(Evaluator<S>& ev, const Program& prog, const std::vector<S>& x, const std::vector<Rational>& want, Prec p) {
  ev.run(x);
  S m, t, w;
  set(m, Rational(0), p);
  for (std::size_t k = 0; k < want.size(); ++k) {
    set(w, want[k], p);
    sub(t, ev.value(prog.outputs()[k]), w, p);
    abs(t, t, p);
    max(m, m, t, p);
  }
  return m;
}

double dirty_mid_of(const Rational& q) { return q.num().get_d() / q.den().get_d(); }

// Non-rigorous search for I (spec E3 mechanism: the ramp output s delta, s = (x_2 - delta + eta)/eta,
// crosses the window boundary delta/2 at s = 1/2, where softmax shifts partially): sample s near
// 1/2 at shrinking spreads, keep the largest |g - bar g|, then shrink an interval around it until
// MPFI at the attempt's precision bounds |g - bar g| below by half the sampled value.
chain::Point dirty_ramp_search(const Config& c, const Smoothing& sm, const Program& g, const Rational& x1,
                               const std::vector<Rational>& bar, Prec p) {
  const Rational delta = c.shape.delta(), eta = sm.eta, ramp_lo = delta - eta;
  Evaluator<Interval> ev(g, p);
  const double clear = dirty_mid_of(delta);  // |g - bar g| above delta: a deviation, not rounding
  double best = 0;
  Rational at;
  for (int spread = 4; spread <= 24 && best <= clear; spread += 2) {
    const Rational w = pow2(-spread);
    for (long i = 0; i <= 512; ++i) {
      const Rational s = Rational(1) / Rational(2) - w + Rational(2) * w * Rational(i) / Rational(512);
      const Rational x2 = ramp_lo + s * eta;
      const Interval m = max_deviation(ev, g, witness_input<Interval>(c.shape, x1, x2, x2, p), bar, p);
      const double v = dirty_mid(m);
      if (std::isfinite(v) && v > best) best = v, at = x2;
    }
  }
  if (best <= clear) throw std::domain_error("dirty search: |g - bar g| <= delta at every sampled ramp point");
  for (int k = 8; k <= 200; k += 2) {
    const Rational h = eta * pow2(-k), lo = max(ramp_lo, at - h), hi = min(delta - eta * pow2(-200), at + h);
    const Interval m = max_deviation(ev, g, witness_input<Interval>(c.shape, x1, lo, hi, p), bar, p);
    if (is_finite(m) && lower(m) * Rational(2) > Rational(mpq_class(best))) return chain::Point{}.add("x2_end1", lo).add("x2_end2", hi);
  }
  throw std::domain_error("dirty search: no interval around the best ramp point certifies");
}

}  // namespace

void add_unbounded_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const UnboundedWitness& w) {
  const Config& c = ctx->config;
  const Shape s = c.shape;
  const Rational eta = w.smoothing.eta, J = c.J;
  auto soft_q = std::make_shared<const std::vector<Program>>(entry_quantizer_programs(c, w.smoothing));
  auto hard_q = std::make_shared<const std::vector<Program>>(hardmax_entry_quantizer(c));

  chain.add(spec("Y-E3r", "out-of-range entries (spec E3): the quantizer of one entry of the softmax/ReLU network g (lambda = " + w.smoothing.lambda.to_string() + ", eta = " + eta.to_string() + ") and of the hardmax network bar g is exactly -J on the whole rays (-inf, -eta] and [1, +inf), so g and bar g depend on an out-of-range entry only through -J",
                 "q(t) = -J for all t <= -eta and all t >= 1 (q: the entry quantizer R_i, Q_{i,0..1/delta-1}, of g and of bar g)",
                 Relation::Equal, "q on the ray", "-J", "Lemma 5; spec E3", "R", "EX", "yun_thm2_YE3r"),
            chain::generic([soft_q, hard_q, eta, J]<class>(const chain::Attempt& a) {
              chain::ForAll fa = a.for_all();
              for (const auto& [net, layers] : {std::pair{1L, soft_q}, std::pair{0L, hard_q}})
                for (const auto& [start, dir] : {std::pair{-eta, RayDirection::Down}, std::pair{Rational(1), RayDirection::Up}}) {
                  const std::optional<Rational> v = constant_on_ray(*layers, start, dir, a.prec);
                  const Side lhs = v ? Side::exact(*v, "constant on the ray: jets over MPFI give slope exactly 0, value exact at the start")
                                     : Side::derived(Enclosure::whole_line(), "not certainly constant on the ray");
                  fa.add(chain::Point{}.add("softmax net", Rational(net)).add("ray start", start).add("direction", Rational(dir == RayDirection::Up ? 1 : -1)),
                         lhs, Side::exact(-J));
                }
              return fa.outcome();
            }));

  auto g = std::make_shared<const Program>(lower(clamp_form(ctx->assembly.network(w.smoothing))));
  auto bar_g = std::make_shared<const Program>(lower(ctx->assembly.network()));
  const Rational x1 = w.x1;
  // bar g on the witness set: its quantizer sends x_1 to -J (Y-E3r) and every x_2 of I to one grid
  // value (checked in the certification), so bar g there is its exact value at (x_1, lo).
  auto bar_at = [bar_g, s, x1](const Rational& lo) {
    std::vector<Rational> x(s.d * s.n, s.delta() / Rational(2));
    x[0] = x1;
    x[s.d] = lo;
    Evaluator<Rational> ev(*bar_g, Prec(64));
    ev.run(x);
    std::vector<Rational> out;
    for (NodeId o : bar_g->outputs()) out.push_back(ev.value(o));
    return out;
  };
  std::function<chain::Point(const chain::Attempt&)> search;
  if (w.x2) search = [x2 = *w.x2](const chain::Attempt&) { return chain::Point{}.add("x2_end1", x2.first).add("x2_end2", x2.second); };
  else
    search = [c, sm = w.smoothing, g, x1, bar_at](const chain::Attempt& a) {
      return dirty_ramp_search(c, sm, *g, x1, bar_at(c.shape.delta() - sm.eta), a.prec);
    };

  chain.add(spec("Y-E3", "Lemma 9 over the unbounded domain (spec E3): a finite bound on d_p(bar g, g) over R^(d x n) needs g = bar g outside a set of finite measure. On W = {x_1 <= -eta or x_1 >= 1} x {x_2 in I} (d = 1, n = 2; infinite measure) it fails: at the fixed x_1 = " + x1.to_string() + " (Y-E3r: the same for every out-of-range x_1), MPFI over the interval I inside the quantizer ramp bounds |g - bar g| below by c > 0; f = bar g = 0 there (outside [0,1]^(d x n)), so d_p(f, g) = d_p(bar g, g) = infinity",
                 "max_k |g_k(X) - bar g_k(X)| <= 0 for X in W (claimed; refuted by the certified lower bound c > 0 over I)",
                 Relation::LessEqual, "max_k |g_k - bar g_k| on W", "0", "Lemma 9; spec E3", "R", "NET", "yun_thm2_YE3"),
            chain::search_then_certify(search, chain::generic([s, g, hard_q, x1, bar_at]<class>(const chain::Attempt& a) {
              // MPFI for both engines (as Y-18): the softmax weights of an interval of scores need exp of
              // huge ranges, whose Arb balls lose the sign of the denominator; MPFI keeps them in [0, 1].
              using S = Interval;
              const std::vector<Rational> I = chain::candidate_values(a, kInterval);
              if (I[1] < I[0]) throw std::domain_error("the interval I has its ends reversed");
              // bar g's quantizer maps all of I to one value: then bar g is constant on W.
              const std::optional<Interval> q2 = mean_value_image(*hard_q, I[0], I[1], a.prec);
              const std::vector<Rational> bar = bar_at(I[0]);
              Evaluator<S> ev(*g, a.prec);
              const S m = max_deviation(ev, *g, witness_input<S>(s, x1, I[0], I[1], a.prec), bar, a.prec);
              const bool constant_bar = q2 && is_exact(*q2);
              const Side lhs = constant_bar ? Side::enclosure(m, "g over {x_1} x I (clamp form, MPFI), bar g exact")
                                            : Side::derived(Enclosure::whole_line(), "bar g's quantizer not certainly constant on I");
              Rational bar_max(0);
              for (const Rational& v : bar) bar_max = max(bar_max, abs(v));
              Outcome o(lhs, Side::exact(Rational(0)));
              o.report("|I|", Side::exact(I[1] - I[0]));
              o.report("max_k |bar g_k| on W", Side::exact(bar_max, "bar g = f = 0 off [0,1]^(d x n)"));
              if (constant_bar && is_finite(m) && lower(m).sign() > 0) {  // c: the lower end rounded down to a multiple of 2^-10
                const Rational scaled = lower(m) * pow2(10);
                mpz_class fl;
                mpz_fdiv_q(fl.get_mpz_t(), scaled.num().get_mpz_t(), scaled.den().get_mpz_t());
                o.report("c: |g - f| >= c on W (infinite measure)", Side::exact(Rational(mpq_class(fl)) / pow2(10), "lower end of the enclosure over I, rounded down to a multiple of 2^-10"));
              }
              return o;
            })));
  chain.recheck("Y-E3", "rhs", "0", {});
}

}  // namespace approxcert::theorems::yun2020
