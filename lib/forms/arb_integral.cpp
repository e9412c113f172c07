#include "forms/arb_integral.hpp"

#include <acb.h>
#include <acb_calc.h>

#include <span>
#include <stdexcept>

#include "net/evaluate.hpp"
#include "scalar/ball.hpp"
#include "scalar/complex_ball.hpp"

namespace approxcert {

namespace {

struct Integrand {
  const Program& prog;
  Evaluator<ComplexBall> evaluator;
  unsigned long p;
};

// acb_calc_integrate's callback: order 0 asks for an enclosure of |f|^p on the ball `in`, order 1
// also for a certificate that it is holomorphic there (else a non-finite `out`).
int power_of_error(acb_ptr out, const acb_t in, void* param, slong order, slong prec) {
  Integrand& c = *static_cast<Integrand*>(param);
  const HolomorphicScope scope(order != 0);
  ComplexBall x;
  acb_set(x.acb(), in);
  c.evaluator.run(std::span<const ComplexBall>(&x, 1));
  const ComplexBall& f = c.evaluator.value(c.prog.outputs()[0]);
  if (c.p % 2 == 0) {
    acb_pow_ui(out, f.acb(), c.p, prec);
  } else {
    acb_real_abs(out, f.acb(), order != 0, prec);
    acb_pow_ui(out, out, c.p, prec);
  }
  return 0;
}

}  // namespace

std::optional<Range> arb_integral_of_power(const Program& prog, const Rational& a, const Rational& b, unsigned long p,
                                           const ArbIntegralSettings& s) {
  if (prog.outputs().empty() || prog.num_inputs() != 1)
    throw std::invalid_argument("arb_integral_of_power: need a program of one input with an output");
  if (!(a < b) || p < 1) throw std::invalid_argument("arb_integral_of_power: need a < b and p >= 1");
  if (s.prec < 16 || s.prec > kMaxArbIntegralBits || s.goal_bits < 1 || s.goal_bits > kMaxArbIntegralBits ||
      s.tol_exponent > 0 || s.tol_exponent < -4 * kMaxArbIntegralBits)
    throw std::invalid_argument("arb_integral_of_power: settings out of range");
  Integrand c{prog, Evaluator<ComplexBall>(prog, Prec(s.prec)), p};
  ComplexBall lo, hi, result;
  set(lo, a, Prec(s.prec + 64));
  set(hi, b, Prec(s.prec + 64));
  if (!acb_is_exact(lo.acb()) || !acb_is_exact(hi.acb())) {
    // An endpoint that is not a short dyadic: the integral over [a, b] is not the integral over the
    // balls' segment; refuse rather than enclose the difference.
    return std::nullopt;
  }
  mag_t tol;
  mag_init(tol);
  mag_one(tol);
  mag_mul_2exp_si(tol, tol, s.tol_exponent);
  acb_calc_integrate_opt_t options;
  acb_calc_integrate_opt_init(options);
  acb_calc_integrate(result.acb(), power_of_error, &c, lo.acb(), hi.acb(), s.goal_bits, tol, options, s.prec);
  mag_clear(tol);
  if (!acb_is_finite(result.acb())) return std::nullopt;
  Ball re;
  arb_set(re.arb(), acb_realref(result.acb()));
  Range r{lower(re), upper(re)};
  if (r.lo.sign() < 0) r.lo = Rational(0);  // the integrand is >= 0
  return r;
}

}  // namespace approxcert
