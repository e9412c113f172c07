#pragma once
// Linear relaxation (forward, DeepPoly/CROWN-style without back-substitution) of a program over a
// box, for any number of inputs. With the box written x_j = m_j + r_j t_j, t in [-1, 1]^d, every
// node i gets two affine forms in t, a lower L_i and an upper U_i, propagated in node order:
//   affine nodes (Input, Const, Affine, Add, Sub, Neg, division by a constant) exactly; Mul and
//   Dot by McCormick's inequalities; relu by the triangle relaxation (lower slope 0 or 1, whichever
//   is tighter) and abs, min, max through it; smooth unary functions (exp, log, sqrt, sin, cos,
//   tan, atan, tanh, sigmoid, integer powers) by chord and tangent where the second derivative has
//   one sign on the input's range, else by a second-order Taylor line; every other node (step,
//   piecewise linear, mix, other divisions) by its natural enclosure (a constant form).
// Slopes are exact rationals chosen by heuristics; the offsets that make each line valid come from
// rigorous enclosures (values, first and second derivatives from the one generic evaluator on a
// one-node program), so soundness never depends on the heuristics.
// Guarantee: for every x in the box, L_out(t(x)) <= f(x) <= U_out(t(x)) with the forms'
// coefficients and constants enclosures in S (every choice within them is valid), and bound()
// returns a Range containing f(x) for every x in the box (the forms concretised with outward
// rounding, intersected with the natural enclosure).
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "domain/domain.hpp"
#include "forms/range.hpp"
#include "net/program.hpp"
#include "scalar/scalar.hpp"

namespace approxcert {

struct RelaxedRange {
  Range range;                      // encloses f over the box
  std::vector<double> dirty_slope;  // |coefficient of t_i| of the output's forms (their mean)
};

template <RigorousScalar S>
class LinearRelaxation {
 public:
  // Relaxes the program's output `out`. Not thread-safe (one per thread).
  LinearRelaxation(const Program& prog, NodeId out, Prec p);
  ~LinearRelaxation();
  LinearRelaxation(const LinearRelaxation&) = delete;
  LinearRelaxation& operator=(const LinearRelaxation&) = delete;

  // Encloses f over `box` (box.dim() == program inputs). natural[i] must enclose node i over the
  // box (the program run on the box); absent when the output's enclosure is not finite.
  std::optional<RelaxedRange> bound(const Box& box, std::span<const S> natural);
  // After bound(box, ...): [L_out(t(x)), U_out(t(x))] rounded outward, which contains f(x) for
  // every x of the box (absent: not finite). The pointwise check of the forms (for tests).
  std::optional<Range> forms_at(const Box& box, std::span<const Rational> x);

 private:
  struct Form {
    std::vector<S> a;  // coefficients of t_0 .. t_{d-1}
    S b;               // constant
  };
  struct Line {
    Rational slope, offset;  // slope * z + offset
  };
  struct UnaryKit;

  void relax_node(std::size_t i, std::span<const S> natural);
  void set_constant(std::size_t i, const S& c);
  std::optional<Range> input_range(NodeId z, std::span<const S> natural);
  std::optional<Range> form_range(const Form& lo, const Form& hi);
  // dst (+)= c * (c >= 0 ? pick_low : pick_high), where c is exact and cs encloses it.
  void accumulate(Form& dst, const Rational& c, const S& cs, const Form& low, const Form& high);
  // lo += lower(z), hi += upper(z) for z between the forms zlo <= z <= zhi.
  void add_lines(Form& lo, Form& hi, const Form& zlo, const Form& zhi, const Line& lower, const Line& upper);
  void add_forms(Form& dst, const Form& src, bool subtract);
  void clear(Form& f);
  static void relu_lines(const Range& z, Line& lower, Line& upper);
  static void abs_lines(const Range& z, Line& lower, Line& upper);
  bool smooth_lines(const Node& n, const Range& z, Line& below, Line& above);
  bool mul_into(Form& lo, Form& hi, NodeId x, NodeId y, std::span<const S> natural);
  UnaryKit& kit(Op op, std::int64_t index);
  S concretise(const Form& f, bool upper_end);

  const Program& prog_;
  NodeId out_;
  Prec prec_;
  std::size_t d_ = 0;
  std::vector<bool> needed_;
  std::vector<S> pool_;
  std::vector<Form> lo_, hi_;
  Form tmp_lo_, tmp_hi_, cand_[2];
  S zero_, s1_;
  std::map<std::pair<Op, std::int64_t>, std::unique_ptr<UnaryKit>> kits_;
};

extern template class LinearRelaxation<Ball>;
extern template class LinearRelaxation<Interval>;

}  // namespace approxcert
