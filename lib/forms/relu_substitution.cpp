#include "forms/relu_substitution.hpp"

#include <algorithm>
#include <cmath>

#include "forms/dirty_solve.hpp"
#include "forms/dyadic.hpp"
#include "forms/range.hpp"
#include "net/evaluate.hpp"
#include "net/jet.hpp"
#include "scalar/ball.hpp"
#include "scalar/fast_interval.hpp"
#include "scalar/interval.hpp"

namespace approxcert {

namespace {

struct Candidate {
  NodeId relu, z;  // the relu node and its argument
  Range z_range;   // [l, u], l < 0 < u
};

// Undecided relus in node order whose arguments depend on no relu chosen before them; empty when
// more than max_undecided relus are undecided.
template <RigorousScalar S>
std::vector<Candidate> undecided_relus(const Program& prog, std::span<const S> natural, std::size_t max_undecided) {
  const auto nodes = prog.nodes();
  std::vector<char> depends(nodes.size(), 0);  // on a chosen relu (or is one)
  std::vector<Candidate> chosen;
  std::size_t undecided = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Node& n = nodes[i];
    bool dep = false;
    for (NodeId a : prog.args(n)) dep = dep || depends[a];
    depends[i] = dep;
    if (n.op != Op::Relu) continue;
    const NodeId z = prog.args(n)[0];
    if (!is_finite(natural[z])) return {};
    const Range r = range_of(natural[z]);
    if (r.lo.sign() >= 0 || r.hi.sign() <= 0) continue;
    if (++undecided > max_undecided) return {};
    if (dep) continue;
    chosen.push_back({static_cast<NodeId>(i), z, r});
    depends[i] = 1;
  }
  return chosen;
}

// dirty: lam in [0, 1]^k minimising |sum_j lam_j c_j - b|^2 over the columns c_j (projected
// Gauss-Seidel; dependent columns, as for the two relus of an |z|, are fine).
std::vector<double> dirty_box_least_squares(const std::vector<std::vector<double>>& c, const std::vector<double>& b) {
  const std::size_t k = c.size(), n = b.size();
  std::vector<double> lam(k, 0.5), res(n);  // res = sum_j lam_j c_j - b
  for (std::size_t r = 0; r < n; ++r) {
    res[r] = -b[r];
    for (std::size_t j = 0; j < k; ++j) res[r] += lam[j] * c[j][r];
  }
  for (int sweep = 0; sweep < 50; ++sweep)
    for (std::size_t j = 0; j < k; ++j) {
      double cr = 0, cc = 0;
      for (std::size_t r = 0; r < n; ++r) cr += c[j][r] * res[r], cc += c[j][r] * c[j][r];
      if (!(cc > 0)) continue;
      double next = lam[j] - cr / cc;
      if (!std::isfinite(next)) continue;
      next = std::clamp(next, 0.0, 1.0);
      for (std::size_t r = 0; r < n; ++r) res[r] += (next - lam[j]) * c[j][r];
      lam[j] = next;
    }
  return lam;
}

// dirty: multipliers lam (one per relaxed relu) from the quadratic model of G's x-part at the
// box's midpoint m (gradient g, Hessian H, at r_i = relu(z_i(m))). The substituted program's
// stationary point x(lam) = m - H^-1 (g + sum_j lam_j a_j), a_j = dG/dr_j grad z_j, lies on every
// kink z_i = 0 when sum_j (grad z_i . H^-1 a_j) lam_j = z_i(m) - grad z_i . H^-1 g; at a maximum on
// the ridge that lam is the kinks' Lagrange multiplier. Solved in least squares over [0, 1]^k;
// where H is singular, the lam that make the substituted gradient at m smallest.
template <RigorousScalar S>
std::vector<Rational> dirty_multipliers(const Program& free, NodeId out, const Box& box,
                                        const std::vector<Candidate>& cand, const std::vector<Candidate>& relaxed,
                                        Prec p) {
  const std::size_t d = box.dim(), D = d + cand.size(), k = relaxed.size();
  std::vector<Jet<Jet<S>>> at(D);
  std::vector<S> mid(D);
  for (std::size_t j = 0; j < d; ++j)
    set(mid[j], dyadic_near((box.lo[j] + box.hi[j]) / Rational(2), box.lo[j], box.hi[j]), p);
  Evaluator<S> point(free, p);
  point.run(mid);  // the z_i at m (they do not depend on the free inputs, still 0 here)
  for (std::size_t i = 0; i < cand.size(); ++i)
    set(mid[d + i], dirty_dyadic(std::max(0.0, dirty_mid(point.value(cand[i].z)))), p);
  for (std::size_t j = 0; j < D; ++j) at[j] = jet_variable(jet_variable(mid[j], j, D, p), j, D, p);
  Evaluator<Jet<Jet<S>>> ev(free, p);
  ev.run(at);
  const Jet<Jet<S>>& F = ev.value(out);
  auto first = [](const Jet<Jet<S>>& a, std::size_t j) { return j < a.v.g.size() ? dirty_mid(a.v.g[j]) : 0.0; };
  std::vector<double> g(d);
  std::vector<std::vector<double>> H(d, std::vector<double>(d, 0.0)), a, grad_z;
  for (std::size_t j = 0; j < d; ++j) {
    g[j] = first(F, j);
    if (j < F.g.size())
      for (std::size_t l = 0; l < d; ++l) H[j][l] = l < F.g[j].g.size() ? dirty_mid(F.g[j].g[l]) : 0.0;
  }
  std::vector<double> z_at_m;
  for (const Candidate& c : relaxed) {
    std::size_t i = 0;
    while (cand[i].relu != c.relu) ++i;
    const Jet<Jet<S>>& z = ev.value(c.z);
    std::vector<double> gz(d), ai(d);
    for (std::size_t j = 0; j < d; ++j) gz[j] = first(z, j), ai[j] = first(F, d + i) * gz[j];
    z_at_m.push_back(dirty_mid(z.v.v));
    grad_z.push_back(std::move(gz));
    a.push_back(std::move(ai));
  }
  const auto dot = [](const std::vector<double>& u, const std::vector<double>& v) {
    double s = 0;
    for (std::size_t j = 0; j < u.size(); ++j) s += u[j] * v[j];
    return s;
  };
  std::vector<double> lam;
  const std::vector<double> Hg = dirty_solve(H, g);
  if (!Hg.empty()) {
    std::vector<std::vector<double>> columns(k, std::vector<double>(k));  // column j: grad z_i . H^-1 a_j
    std::vector<double> rhs(k);
    bool ok = true;
    for (std::size_t j = 0; j < k && ok; ++j) {
      const std::vector<double> Ha = dirty_solve(H, a[j]);
      ok = !Ha.empty();
      for (std::size_t i = 0; i < k && ok; ++i) columns[j][i] = dot(grad_z[i], Ha);
    }
    for (std::size_t i = 0; i < k && ok; ++i) rhs[i] = z_at_m[i] - dot(grad_z[i], Hg);
    if (ok) lam = dirty_box_least_squares(columns, rhs);
  }
  if (lam.empty()) {  // the gradient at m: g + sum_j lam_j a_j as small as it gets
    std::vector<double> minus_g(d);
    for (std::size_t j = 0; j < d; ++j) minus_g[j] = -g[j];
    lam = dirty_box_least_squares(a, minus_g);
  }
  std::vector<Rational> out_lam(k);
  for (std::size_t i = 0; i < k; ++i)
    out_lam[i] = dyadic_near(dirty_dyadic(std::clamp(lam[i], 0.0, 1.0)), Rational(0), Rational(1), 20);
  return out_lam;
}

}  // namespace

template <RigorousScalar S>
std::vector<Program> relu_substituted_programs(const Program& prog, NodeId out, const Box& box,
                                               std::span<const S> natural, bool upper, Prec p,
                                               const ReluSubstitutionLimits& limits) {
  const std::size_t d = box.dim();
  std::vector<Candidate> cand = undecided_relus<S>(prog, natural, limits.max_undecided);
  if (cand.empty()) return {};

  // G: the chosen relus as free inputs d, d+1, ...; its Jet over box x prod [l_i, u_i].
  Program free = prog;
  for (std::size_t i = 0; i < cand.size(); ++i) free.replace_by_input(cand[i].relu, d + i);
  const std::size_t D = d + cand.size();
  std::vector<Jet<S>> in(D);
  for (std::size_t j = 0; j < D; ++j) {
    S v;
    if (j < d) set_interval(v, box.lo[j], box.hi[j], p);
    else set_interval(v, cand[j - d].z_range.lo, cand[j - d].z_range.hi, p);
    in[j] = jet_variable(v, j, D, p);
  }
  Evaluator<Jet<S>> ev(free, p);
  ev.run(in);
  const Jet<S>& G = ev.value(out);
  if (G.discontinuous || !is_finite(G.v)) return {};

  // Sign of dG/dr_i: "falling" relus (dG/dr <= 0) get lam z for the upper end and both phases for
  // the lower end; "rising" ones the other way round.
  std::vector<Candidate> relaxed, branched;
  for (std::size_t i = 0; i < cand.size(); ++i) {
    const std::size_t j = d + i;
    if (j < G.g.size() && !is_finite(G.g[j])) continue;
    const Range c = j < G.g.size() ? range_of(G.g[j]) : Range{Rational(0), Rational(0)};
    const bool falling = c.hi.sign() <= 0, rising = c.lo.sign() >= 0;
    if (falling && (upper || rising)) relaxed.push_back(cand[i]);  // c = 0: no branching needed
    else if (rising && !upper) relaxed.push_back(cand[i]);
    else if ((falling || rising) && branched.size() < limits.max_branched) branched.push_back(cand[i]);
  }
  if (relaxed.empty() && branched.empty()) return {};

  std::vector<Rational> lam;
  if (!relaxed.empty()) lam = dirty_multipliers<S>(free, out, box, cand, relaxed, p);

  Program base = prog;
  for (std::size_t i = 0; i < relaxed.size(); ++i)
    base.replace_by_affine(relaxed[i].relu, relaxed[i].z, lam[i], Rational(0));
  std::vector<Program> programs;
  for (std::size_t mask = 0; mask < (std::size_t{1} << branched.size()); ++mask) {
    Program q = base;
    for (std::size_t b = 0; b < branched.size(); ++b) {
      if (mask >> b & 1) q.replace_by_affine(branched[b].relu, branched[b].z, Rational(1), Rational(0));
      else q.replace_by_constant(branched[b].relu, Rational(0));
    }
    programs.push_back(std::move(q));
  }
  return programs;
}

template std::vector<Program> relu_substituted_programs<Ball>(const Program&, NodeId, const Box&, std::span<const Ball>,
                                                              bool, Prec, const ReluSubstitutionLimits&);
template std::vector<Program> relu_substituted_programs<Interval>(const Program&, NodeId, const Box&,
                                                                  std::span<const Interval>, bool, Prec,
                                                                  const ReluSubstitutionLimits&);
template std::vector<Program> relu_substituted_programs<FastInterval>(const Program&, NodeId, const Box&,
                                                                      std::span<const FastInterval>, bool, Prec,
                                                                      const ReluSubstitutionLimits&);

}  // namespace approxcert
