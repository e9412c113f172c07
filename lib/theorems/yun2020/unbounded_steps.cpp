#include "theorems/yun2020/unbounded_steps.hpp"

#include <cmath>
#include <stdexcept>

#include "chain/search_then_certify.hpp"
#include "forms/dyadic.hpp"
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

const long kDyadicBits = 64;  // non-dyadic ends are moved inward to multiples of 2^-64

// Where the entries of the witness set W sit: x_1 (entry 0) fixed, x_2 (entry d) over I, every
// other entry e at the flat piece [lo_e, hi_e] of its level (dyadic ends inside [k delta, (k+1) delta - eta])
// and evaluated at lo_e, whose quantized value k delta it shares with the whole piece.
struct OtherEntries {
  std::vector<std::size_t> index;
  std::vector<FlatPiece> piece;
};

OtherEntries other_entries(const Config& c, const UnboundedWitness& w) {
  const Shape& s = c.shape;
  const std::vector<FlatPiece> flat = flat_pieces(c, w.smoothing.eta, Rational(0));
  OtherEntries o;
  for (std::size_t e = 0, i = 0; e < s.d * s.n; ++e) {
    if (e == 0 || e == s.d) continue;
    const FlatPiece& f = flat.at(w.levels.at(i++));
    o.index.push_back(e);
    o.piece.push_back({dyadic_ceil(f.lo, kDyadicBits), dyadic_floor(f.hi, kDyadicBits), f.value});
  }
  return o;
}

// The network input: x_1 at entry (1, 1), x_2 in [lo, hi] at entry (1, 2) (token 2), the other
// entries at their pieces' lower ends.
template <class S>
std::vector<S> witness_input(const Shape& s, const OtherEntries& others, const Rational& x1, const Rational& lo,
                             const Rational& hi, Prec p) {
  std::vector<S> x(s.d * s.n);
  for (std::size_t i = 0; i < others.index.size(); ++i) set(x[others.index[i]], others.piece[i].lo, p);
  set(x[0], x1, p);
  set_interval(x[s.d], lo, hi, p);
  return x;
}

// max_k |g_k(x) - want_k| over the input box x.
template <class S>
S max_deviation(Evaluator<S>& ev, const Program& prog, const std::vector<S>& x, const std::vector<Rational>& want,
                Prec p) {
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
chain::Point dirty_ramp_search(const Config& c, const Smoothing& sm, const OtherEntries& others, const Program& g,
                               const Rational& x1, const std::vector<Rational>& bar, Prec p) {
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
      const Interval m = max_deviation(ev, g, witness_input<Interval>(c.shape, others, x1, x2, x2, p), bar, p);
      const double v = dirty_mid(m);
      if (std::isfinite(v) && v > best) best = v, at = x2;
    }
  }
  if (best <= clear) throw std::domain_error("dirty search: |g - bar g| <= delta at every sampled ramp point");
  for (int k = 8; k <= 200; k += 2) {
    const Rational h = eta * pow2(-k), lo = max(ramp_lo, at - h), hi = min(delta - eta * pow2(-200), at + h);
    const Interval m = max_deviation(ev, g, witness_input<Interval>(c.shape, others, x1, lo, hi, p), bar, p);
    if (is_finite(m) && lower(m) * Rational(2) > Rational(mpq_class(best)))
      return chain::Point{}.add("x2_end1", lo).add("x2_end2", hi);
  }
  throw std::domain_error("dirty search: no interval around the best ramp point certifies");
}

}  // namespace

Rational e3_ray_start(const Rational& eta) { return -dyadic_ceil(eta, kDyadicBits); }

void add_unbounded_steps(chain::Chain& chain, const std::shared_ptr<Context>& ctx, const UnboundedWitness& w) {
  const Config& c = ctx->config;
  const Shape s = c.shape;
  const Rational eta = w.smoothing.eta, J = c.J, down = e3_ray_start(eta);
  auto soft_q = std::make_shared<const std::vector<Program>>(entry_quantizer_programs(c, w.smoothing));
  auto hard_q = std::make_shared<const std::vector<Program>>(entry_quantizer_programs(c, std::nullopt));
  const bool exact_eta = down == -eta;
  const std::string ray =
      exact_eta ? "(-inf, -eta]"
                : "(-inf, " + down.to_string() + "] (-eta rounded down to a multiple of 2^-64, exact in MPFI)";

  chain.add(
      spec(
          "Y-E3r",
          "out-of-range entries (spec E3): the quantizer of one entry of the softmax/ReLU network g (lambda = " +
              w.smoothing.lambda.to_string() + ", eta = " + eta.to_string() +
              ") and of the hardmax network bar g is exactly -J on the whole rays " + ray +
              " and [1, +inf), so g and bar g depend on an out-of-range entry only through -J",
          exact_eta
              ? "q(t) = -J for all t <= -eta and all t >= 1 (q: the entry quantizer R_i, Q_{i,0..1/delta-1}, of g and of bar g)"
              : "q(t) = -J for all t <= " + down.to_string() +
                    " and all t >= 1 (q: the entry quantizer R_i, Q_{i,0..1/delta-1}, of g and of bar g)",
          Relation::Equal, "q on the ray", "-J", "Lemma 5; spec E3", "R", "EX", "yun_thm2_YE3r"),
      chain::generic([soft_q, hard_q, down, J]<class>(const chain::Attempt& a) {
        chain::ForAll fa = a.for_all();
        for (const auto& [net, layers] : {std::pair{1L, soft_q}, std::pair{0L, hard_q}})
          for (const auto& [start, dir] :
               {std::pair{down, RayDirection::Down}, std::pair{Rational(1), RayDirection::Up}}) {
            const std::optional<Rational> v = constant_on_ray(*layers, start, dir, a.prec);
            const Side lhs =
                v ? Side::exact(*v,
                                "constant on the ray: jets over MPFI give slope exactly 0, value exact at the start")
                  : Side::derived(Enclosure::whole_line(), "not certainly constant on the ray");
            fa.add(chain::Point{}
                       .add("softmax net", Rational(net))
                       .add("ray start", start)
                       .add("direction", Rational(dir == RayDirection::Up ? 1 : -1)),
                   lhs, Side::exact(-J));
          }
        return fa.outcome();
      }));

  auto g = std::make_shared<const Program>(lower(clamp_form(ctx->assembly.network(w.smoothing))));
  auto bar_g = std::make_shared<const Program>(lower(ctx->assembly.network()));
  const Rational x1 = w.x1;
  const OtherEntries others = other_entries(c, w);
  // bar g on the witness set: its quantizer sends x_1 to -J (Y-E3r), every x_2 of I to one grid
  // value and every other entry's piece to one grid value (checked in the certification), so bar g
  // there is its exact value at (x_1, lo, the pieces' lower ends).
  auto bar_at = [bar_g, s, x1, others](const Rational& lo) {
    std::vector<Rational> x(s.d * s.n);
    for (std::size_t i = 0; i < others.index.size(); ++i) x[others.index[i]] = others.piece[i].lo;
    x[0] = x1;
    x[s.d] = lo;
    Evaluator<Rational> ev(*bar_g, Prec(64));
    ev.run(x);
    std::vector<Rational> out;
    for (NodeId o : bar_g->outputs()) out.push_back(ev.value(o));
    return out;
  };
  std::function<chain::Point(const chain::Attempt&)> search;
  if (w.x2)
    search = [x2 = *w.x2](const chain::Attempt&) {
      return chain::Point{}.add("x2_end1", x2.first).add("x2_end2", x2.second);
    };
  else
    search = [c, sm = w.smoothing, others, g, x1, bar_at](const chain::Attempt& a) {
      return dirty_ramp_search(c, sm, others, *g, x1, bar_at(c.shape.delta() - sm.eta), a.prec);
    };

  const bool two = others.index.empty();  // d = 1, n = 2: W = rays x I
  const std::string where = exact_eta ? "x_1 <= -eta" : "x_1 <= " + down.to_string();
  const std::string set_text =
      two ? "W = {" + where + " or x_1 >= 1} x {x_2 in I} (d = 1, n = 2; infinite measure)"
          : "W = {" + where +
                " or x_1 >= 1} x {x_2 in I} x prod_e P_e (x_1 = entry (1,1), x_2 = entry (1,2); every other entry e in the flat piece P_e = [k_e delta, (k_e + 1) delta - eta] of its level k_e, where both quantizers are certified to take the one value k_e delta; infinite measure)";
  chain.add(
      spec(
          "Y-E3",
          "Lemma 9 over the unbounded domain (spec E3): a finite bound on d_p(bar g, g) over R^(d x n) needs g = bar g outside a set of finite measure. On " +
              set_text + " it fails: at the fixed x_1 = " + x1.to_string() +
              " (Y-E3r: the same for every out-of-range x_1), MPFI over the interval I inside the quantizer ramp bounds |g - bar g| below by c > 0; f = bar g = 0 there (outside [0,1]^(d x n)), so d_p(f, g) = d_p(bar g, g) = infinity",
          "max_k |g_k(X) - bar g_k(X)| <= 0 for X in W (claimed; refuted by the certified lower bound c > 0 over I)",
          Relation::LessEqual, "max_k |g_k - bar g_k| on W", "0", "Lemma 9; spec E3", "R", "NET", "yun_thm2_YE3"),
      chain::search_then_certify(
          search, chain::generic([s, g, soft_q, hard_q, x1, bar_at, others]<class>(const chain::Attempt& a) {
            // MPFI for both engines (as Y-18): the softmax weights of an interval of scores need exp of
            // huge ranges, whose Arb balls lose the sign of the denominator; MPFI keeps them in [0, 1].
            using S = Interval;
            const std::vector<Rational> I = chain::candidate_values(a, kInterval);
            if (I[1] < I[0]) throw std::domain_error("the interval I has its ends reversed");
            // bar g's quantizer maps all of I to one value: then bar g is constant on W.
            const std::optional<Interval> q2 = mean_value_image(*hard_q, I[0], I[1], a.prec);
            // Every other entry's piece goes to one value under both quantizers: g and bar g on W are
            // their values at the pieces' lower ends.
            bool flat = true;
            for (const FlatPiece& piece : others.piece)
              for (const auto* layers : {soft_q.get(), hard_q.get()}) {
                const std::optional<Interval> img =
                    piece.lo <= piece.hi ? mean_value_image(*layers, piece.lo, piece.hi, a.prec) : std::nullopt;
                flat = flat && img && is_exact(*img) && lower(*img) == piece.value;
              }
            const std::vector<Rational> bar = bar_at(I[0]);
            Evaluator<S> ev(*g, a.prec);
            const S m = max_deviation(ev, *g, witness_input<S>(s, others, x1, I[0], I[1], a.prec), bar, a.prec);
            const bool constant_bar = q2 && is_exact(*q2) && flat;
            const Side lhs =
                constant_bar
                    ? Side::enclosure(m, others.index.empty()
                                             ? "g over {x_1} x I (clamp form, MPFI), bar g exact"
                                             : "g over {x_1} x I x {k_e delta} (clamp form, MPFI), bar g exact")
                    : Side::derived(Enclosure::whole_line(),
                                    flat ? "bar g's quantizer not certainly constant on I"
                                         : "a quantizer not certainly constant on an entry's piece P_e");
            Rational bar_max(0);
            for (const Rational& v : bar) bar_max = max(bar_max, abs(v));
            Outcome o(lhs, Side::exact(Rational(0)));
            o.report("|I|", Side::exact(I[1] - I[0]));
            if (!others.piece.empty()) {
              Rational shortest = others.piece[0].hi - others.piece[0].lo;
              for (const FlatPiece& piece : others.piece) shortest = min(shortest, piece.hi - piece.lo);
              o.report("shortest |P_e| (the other entries' pieces)", Side::exact(shortest));
            }
            o.report("max_k |bar g_k| on W", Side::exact(bar_max, "bar g = f = 0 off [0,1]^(d x n)"));
            if (constant_bar && is_finite(m) &&
                lower(m).sign() > 0) {  // c: the lower end rounded down to a multiple of 2^-10
              const Rational scaled = lower(m) * pow2(10);
              mpz_class fl;
              mpz_fdiv_q(fl.get_mpz_t(), scaled.num().get_mpz_t(), scaled.den().get_mpz_t());
              o.report("c: |g - f| >= c on W (infinite measure)",
                       Side::exact(Rational(mpq_class(fl)) / pow2(10),
                                   "lower end of the enclosure over I, rounded down to a multiple of 2^-10"));
            }
            return o;
          })));
  chain.recheck("Y-E3", "rhs", "0", {});
}

}  // namespace approxcert::theorems::yun2020
