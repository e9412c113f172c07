#include "theorems/kajitsuka2024/instance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "net/constant.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

Rational norm2(const RationalVector& v) {
  Rational s(0);
  for (const Rational& x : v) s += x * x;
  return s;
}

Rational dot(const RationalVector& a, const RationalVector& b) {
  Rational s(0);
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

void subsets(std::size_t total, std::size_t k, std::size_t from, std::vector<std::size_t>& cur,
             std::vector<std::vector<std::size_t>>& out) {
  if (cur.size() == k) {
    out.push_back(cur);
    return;
  }
  for (std::size_t i = from; i < total; ++i) {
    cur.push_back(i);
    subsets(total, k, i + 1, cur, out);
    cur.pop_back();
  }
}

std::string text(const Rational& q) { return "(" + q.to_string() + ")"; }

// The last continued-fraction convergent of x with denominator <= 2^24 (x finite; dirty input).
Rational short_rational(double x) {
  const Rational exact{mpq_class(x)};  // exact value of the double
  mpz_class h0 = 0, h1 = 1, k0 = 1, k1 = 0;
  Rational rest = exact;
  for (int i = 0; i < 64; ++i) {
    const Rational a = floor_div(rest);
    const mpz_class ai = a.num();
    const mpz_class h2 = ai * h1 + h0, k2 = ai * k1 + k0;
    if (k2 > (mpz_class(1) << 24)) break;
    h0 = h1, h1 = h2, k0 = k1, k1 = k2;
    if (rest == a) break;
    rest = Rational(1) / (rest - a);
  }
  return Rational(h1, k1);
}

}  // namespace

RationalVector Instance::sequence_input(std::size_t i) const {
  RationalVector x;
  for (std::size_t k : sets[i]) x.insert(x.end(), vocabulary[k].begin(), vocabulary[k].end());
  return x;
}

Instance read_instance(const chain::Parameters& p) {
  Instance inst;
  inst.d = p.count("d");
  if (inst.d < 1 || inst.d > 4) p.fail("d", "must be an integer between 1 and 4");
  inst.n = p.count("n");
  if (inst.n < 2 || inst.n > 6) p.fail("n", "must be an integer between 2 and 6 (eq. (8) needs n >= 2)");
  inst.grid = p.rational("grid");
  if (inst.grid.sign() <= 0 || !(Rational(1) / inst.grid).is_integer() || inst.grid > Rational(1) / Rational(2))
    p.fail("grid", "must be 1/K for an integer K >= 2 (cells of [0,1]^d)");
  const long K = (Rational(1) / inst.grid).num().get_si();
  long cells = 1;
  for (std::size_t r = 0; r < inst.d; ++r)
    if ((cells *= K) > 64) p.fail("grid", "gives more than 64 vocabulary tokens (K^d <= 64)");
  if (static_cast<std::size_t>(cells) < inst.n)
    p.fail("n", "exceeds the vocabulary size K^d: no sequence without duplicate tokens");
  const std::string lambda = p.text("lambda");
  if (lambda != "paper" && lambda != "instance") p.fail("lambda", "must be \"paper\" or \"instance\"");
  inst.paper_lambda = lambda == "paper";
  for (long c = 0; c < cells; ++c) {
    RationalVector v(inst.d);
    long rest = c;
    for (std::size_t r = inst.d; r-- > 0;) {
      v[r] = (Rational(rest % K) + Rational(1) / Rational(2)) * inst.grid;
      rest /= K;
    }
    inst.vocabulary.push_back(std::move(v));
  }
  std::vector<std::size_t> cur;
  subsets(inst.vocabulary.size(), inst.n, 0, cur, inst.sets);
  if (inst.sets.size() > 5000) p.fail("n", "gives more than 5000 token sets");
  inst.rmin2 = inst.rmax2 = norm2(inst.vocabulary[0]);
  for (const RationalVector& v : inst.vocabulary) {
    inst.rmin2 = min(inst.rmin2, norm2(v));
    inst.rmax2 = max(inst.rmax2, norm2(v));
  }
  return inst;
}

Projection project(const Instance& inst, RationalVector u) {
  Projection pr;
  pr.u = std::move(u);
  for (const RationalVector& v : inst.vocabulary) pr.a.push_back(dot(pr.u, v));
  pr.a_min = pr.a_max = abs(pr.a[0]);
  for (const Rational& x : pr.a) {
    pr.a_min = min(pr.a_min, abs(x));
    pr.a_max = max(pr.a_max, abs(x));
  }
  bool first = true;
  for (std::size_t i = 0; i < pr.a.size(); ++i)
    for (std::size_t j = i + 1; j < pr.a.size(); ++j) {
      const Rational g = abs(pr.a[i] - pr.a[j]);
      if (first || g < pr.g_min) pr.g_min = g;
      first = false;
    }
  return pr;
}

RationalVector stereographic_unit_vector(const RationalVector& t) {
  const Rational t2 = norm2(t), den = Rational(1) + t2;
  RationalVector u{(Rational(1) - t2) / den};
  for (const Rational& x : t) u.push_back(Rational(2) * x / den);
  return u;
}

RationalVector dirty_search_projection(const Instance& inst) {
  const std::size_t d = inst.d;
  if (d == 1) return {Rational(1)};
  std::vector<std::vector<double>> points;
  for (const RationalVector& v : inst.vocabulary) {
    std::vector<double> x;
    for (const Rational& c : v) x.push_back(c.dirty_to_double());
    points.push_back(std::move(x));
  }
  points.push_back(std::vector<double>(d, 0.0));
  auto dirty_ratio = [&](const std::vector<double>& u) {
    double worst = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < points.size(); ++i)
      for (std::size_t j = i + 1; j < points.size(); ++j) {
        double proj = 0, len = 0;
        for (std::size_t r = 0; r < d; ++r) {
          const double diff = points[i][r] - points[j][r];
          proj += u[r] * diff;
          len += diff * diff;
        }
        worst = std::min(worst, std::abs(proj) / std::sqrt(len));
      }
    return worst;
  };
  std::vector<double> best;
  double best_ratio = -1;
  std::mt19937_64 rng(20240);
  std::normal_distribution<double> gauss;
  for (int k = 0; k < 2000; ++k) {
    std::vector<double> u(d);
    if (d == 2) {
      const double theta = k * std::numbers::pi / 2000;
      u = {std::cos(theta), std::sin(theta)};
    } else {
      double s = 0;
      for (double& x : u) {
        x = gauss(rng);
        s += x * x;
      }
      for (double& x : u) x /= std::sqrt(s);
    }
    if (u[0] < 0)
      for (double& x : u) x = -x;  // same direction; keeps the stereographic parameter bounded
    const double r = dirty_ratio(u);
    if (r > best_ratio) best_ratio = r, best = u;
  }
  // Inverse stereographic parameter t = u_rest / (1 + u_0), rounded to a short exact rational (the
  // continued-fraction convergent with denominator <= 2^24, within ~1e-14): short entries keep the
  // memoriser's weight expressions short.
  RationalVector t;
  for (std::size_t r = 1; r < d; ++r) t.push_back(short_rational(best[r] / (1 + best[0])));
  return stereographic_unit_vector(t);
}

std::string lambda_text(const Instance& inst, const Projection& pr) {
  const std::string Delta = "(2*log(" + std::to_string(inst.n) + ")+3)";
  if (!inst.paper_lambda) return Delta + "/" + text(pr.g_min * pr.a_min);
  // (2 ln n + 3) (|V|+1)^4 pi d / (8 eps r_min)
  const Rational V1 = Rational(static_cast<long>(inst.vocabulary_size() + 1));
  const Rational factor = pow_int(V1, 4) * Rational(static_cast<long>(inst.d)) / (Rational(8) * inst.eps());
  return Delta + "*" + text(factor) + "*pi/sqrt" + text(inst.rmin2);
}

std::string gamma_text(const Instance& inst) { return text(inst.eps() / Rational(4)) + "/sqrt" + text(inst.rmax2); }

Network attention_network(const Instance& inst, const Projection& pr) {
  const std::string lt = lambda_text(inst, pr), gt = gamma_text(inst);
  AttentionHead h;
  NumberVector wk, wq, wv;
  NumberMatrix wo;
  for (const Rational& ui : pr.u) {
    wk.push_back(ui);
    wv.push_back(ui);
    wq.push_back(ui.sign() == 0 ? Number(Rational(0)) : read_number("(" + lt + ")*" + text(ui)));
    wo.push_back({ui.sign() == 0 ? Number(Rational(0)) : read_number("(" + gt + ")*" + text(ui))});
  }
  h.wk = {wk};
  h.wq = {wq};
  h.wv = {wv};
  h.wo = wo;
  AttentionLayer att;
  att.heads = {h};
  att.normalizer = Normalizer::Softmax;
  att.scale = Number(Rational(1));
  Network net;
  net.input = {inst.d, inst.n};
  net.layers = {Layer{att}};
  return net;
}

}  // namespace approxcert::theorems::kajitsuka2024
