#include "theorems/kajitsuka2024/memoriser.hpp"

#include <algorithm>
#include <stdexcept>

#include "net/constant.hpp"
#include "theorems/kajitsuka2024/context.hpp"

namespace approxcert::theorems::kajitsuka2024 {

namespace {

std::string q(const Rational& x) { return "(" + x.to_string() + ")"; }

struct ContextId {
  std::size_t v, set;
};

// Texts of the construction's closed forms (docs/target.md syntax), lambda = L, gamma = G.
struct Texts {
  const Instance& I;
  const Projection& pr;
  ContextLabel label;
  std::string L, G;

  // Scores a_v a_w of set S sorted so that the score is decreasing.
  std::vector<Rational> sorted_ids(std::size_t v, std::size_t set) const {
    std::vector<Rational> x = ids_of_set(I, pr, set);
    const bool pos = pr.a[v].sign() > 0;
    std::sort(x.begin(), x.end(), [pos](const Rational& a, const Rational& b) { return pos ? a > b : a < b; });
    return x;
  }
  // e^{-D} with D = lambda |a_v| |x_top - x| (exact rational factor).
  std::string e_minus(const Rational& D) const { return D.sign() == 0 ? "1" : "exp(-" + L + "*" + q(D) + ")"; }
  // s(v; S) = sum a_w e^{-D_w} / sum e^{-D_w} (the shift by the top score cancels).
  std::string s(std::size_t v, std::size_t set) const {
    const std::vector<Rational> x = sorted_ids(v, set);
    std::string num, den;
    for (const Rational& w : x) {
      const std::string e = e_minus(abs(pr.a[v]) * abs(x[0] - w));
      num += (num.empty() ? "" : "+") + q(w) + "*" + e;
      den += (den.empty() ? "" : "+") + e;
    }
    return "((" + num + ")/(" + den + "))";
  }
  // s(v; S1) - s(v; S2), cancellation-free (scalar/boltzmann.hpp's algorithm, as text) when the tops agree.
  std::string ds(std::size_t v, std::size_t s1, std::size_t s2) const {
    const std::vector<Rational> x = sorted_ids(v, s1), y = sorted_ids(v, s2);
    if (x[0] != y[0]) return "(" + s(v, s1) + "-" + s(v, s2) + ")";
    std::size_t m = 0;
    while (m < x.size() && m < y.size() && x[m] == y[m]) ++m;
    const Rational av = abs(pr.a[v]);
    auto sums = [&](const std::vector<Rational>& z, std::size_t from, std::size_t to) {
      std::string N = "0", Z = "0";
      for (std::size_t i = from; i < to; ++i) {
        const Rational D = av * abs(z[0] - z[i]);
        const std::string e = e_minus(D);
        Z += "+" + e;
        if (D.sign() != 0) N += "+" + L + "*" + q(D) + "*" + e;
      }
      return std::pair<std::string, std::string>{"(" + N + ")", "(" + Z + ")"};
    };
    const auto [NP, ZP] = sums(x, 0, m);
    const auto [NT, ZT] = sums(x, m, x.size());
    const auto [NT2, ZT2] = sums(y, m, y.size());
    const std::string num = NP + "*(" + ZT + "-" + ZT2 + ")+" + ZP + "*(" + NT2 + "-" + NT + ")+(" + NT2 + "*" + ZT +
                            "-" + NT + "*" + ZT2 + ")";
    return "((" + num + ")/((" + ZP + "+" + ZT + ")*(" + ZP + "+" + ZT2 + "))/(" + L + "*" + q(pr.a[v]) + "))";
  }
  std::string t(const ContextId& c) const { return "(" + q(pr.a[c.v]) + "+" + G + "*" + s(c.v, c.set) + ")"; }
  std::string dt(const ContextId& a, const ContextId& b) const {  // t(b) - t(a)
    if (a.v == b.v) return "(" + G + "*" + ds(b.v, b.set, a.set) + ")";
    return "(" + t(b) + "-" + t(a) + ")";
  }
  Rational y(const ContextId& c, std::size_t r) const { return label(c.v, c.set)[r]; }
  std::string rho(const ContextId& c, std::size_t r) const {
    return "(" + q(y(c, r) - I.vocabulary[c.v][r]) + "-" + G + "*" + q(pr.u[r]) + "*" + s(c.v, c.set) + ")";
  }
  std::string drho(const ContextId& a, const ContextId& b, std::size_t r) const {  // rho(b) - rho(a)
    if (a.v == b.v) return "(" + q(y(b, r) - y(a, r)) + "-" + G + "*" + q(pr.u[r]) + "*" + ds(b.v, b.set, a.set) + ")";
    return "(" + rho(b, r) + "-" + rho(a, r) + ")";
  }
};

// Certified order of the knots t = u^T z (Ball, precision raised up to 4096 bits).
std::vector<ContextId> sorted_contexts(const Instance& I, const Projection& pr) {
  std::vector<ContextId> ids;
  for (std::size_t i = 0; i < I.sets.size(); ++i)
    for (std::size_t v : I.sets[i]) ids.push_back({v, i});
  for (long bits = 128; bits <= 4096; bits *= 2) {
    const Prec p(bits);
    const Projection& P = pr;
    const Constants<Ball> k = constants<Ball>(I, P, p);
    auto t_of = [&](const ContextId& c) {
      Ball s = boltz_value<Ball>(I, P, k.lambda, c.v, c.set, p), sc, t;
      mul(sc, k.lambda, exact_value<Ball>(P.a[c.v], p), p);
      div(s, s, sc, p);
      mul(t, s, k.gamma, p);
      add(t, t, exact_value<Ball>(P.a[c.v], p), p);
      return t;
    };
    bool undecided = false;
    auto less_t = [&](const ContextId& a, const ContextId& b) {
      Truth r;
      if (a.v == b.v) {
        if (a.set == b.set) return false;
        Ball d = boltz_difference<Ball>(I, P, k.lambda, a.v, a.set, b.set, p),
             zero;  // sign of t(a) - t(b) times sign a_v
        r = P.a[a.v].sign() > 0 ? less(d, zero) : less(zero, d);
      } else {
        r = less(t_of(a), t_of(b));
        if (r == Truth::False && less(t_of(b), t_of(a)) != Truth::True) r = Truth::Unknown;
      }
      if (r == Truth::Unknown) undecided = true;
      return r == Truth::True;
    };
    std::vector<ContextId> sorted = ids;
    std::stable_sort(sorted.begin(), sorted.end(), less_t);
    if (!undecided) return sorted;
  }
  throw std::domain_error("memoriser: two context ids are not separated along u at 4096 bits");
}

Number expression(const std::string& text) {
  if (text.size() > kMaxConstantLength)
    throw std::domain_error("memoriser: a weight expression exceeds " + std::to_string(kMaxConstantLength) +
                            " characters (instance too large for the memoriser)");
  return read_number(text);
}

}  // namespace

RationalVector label_rule(std::size_t v, std::size_t set, std::size_t r_count) {
  RationalVector y;
  for (std::size_t r = 0; r < r_count; ++r)
    y.push_back(Rational(static_cast<long>((3 * (v + 1) + 5 * (set + 1) + r) % 11)) / Rational(11));
  return y;
}

LabelledData memorisation_data(const Instance& inst) {
  LabelledData data;
  for (std::size_t i = 0; i < inst.sets.size(); ++i)
    for (int reversed = 0; reversed < 2; ++reversed) {
      std::vector<std::size_t> seq = inst.sets[i];
      if (reversed) std::reverse(seq.begin(), seq.end());
      std::vector<RationalVector> labels;
      for (std::size_t v : seq) labels.push_back(label_rule(v, i, inst.d));
      data.sequences.push_back(seq);
      data.set_of.push_back(i);
      data.labels.push_back(labels);
    }
  return data;
}

const Network& NetworkPerProjection::get(const Projection& pr) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!net_ || u_ != pr.u) {
    net_ = std::make_shared<Network>(build_(pr));
    u_ = pr.u;
  }
  return *net_;
}

Network memoriser_network(const Instance& I, const Projection& pr, const ContextLabel& label) {
  const ContextLabel y =
      label ? label : ContextLabel([&I](std::size_t v, std::size_t set) { return label_rule(v, set, I.d); });
  const Texts tx{I, pr, y, "(" + lambda_text(I, pr) + ")", "(" + gamma_text(I) + ")"};
  const std::vector<ContextId> ctx = sorted_contexts(I, pr);
  const std::size_t M = ctx.size(), d = I.d;
  // Hidden layer: h_0 = relu(t - t_(1) + theta), theta = 1; h_m = relu(t - t_(m)); t = u^T z.
  DenseLayer hidden;
  for (std::size_t m = 0; m <= M; ++m) {
    hidden.weight.push_back(numbers(pr.u));
    const std::string knot = tx.t(ctx[m == 0 ? 0 : m - 1]);
    hidden.bias.push_back(expression(m == 0 ? "1-" + knot : "-" + knot));
  }
  // Output layer: slopes sigma_0 = rho_(1) / theta, sigma_m = drho / dt, sigma_M = 0.
  DenseLayer out;
  for (std::size_t r = 0; r < d; ++r) {
    std::vector<std::string> slope(M + 1);
    slope[0] = tx.rho(ctx[0], r);
    for (std::size_t m = 1; m < M; ++m)
      slope[m] = "(" + tx.drho(ctx[m - 1], ctx[m], r) + "/" + tx.dt(ctx[m - 1], ctx[m]) + ")";
    slope[M] = "0";
    NumberVector row;
    row.push_back(expression(slope[0]));
    for (std::size_t m = 1; m <= M; ++m) row.push_back(expression(slope[m] + "-" + slope[m - 1]));
    out.weight.push_back(std::move(row));
    out.bias.push_back(Number(Rational(0)));
  }
  ResidualLayer res;
  res.body = {Layer{std::move(hidden)}, Layer{ReluLayer{}}, Layer{std::move(out)}};
  TokenwiseLayer tok;
  tok.layers = {Layer{std::move(res)}};
  Network net = attention_network(I, pr);
  net.layers.push_back(Layer{std::move(tok)});
  return net;
}

std::size_t parameter_count(const Network& net) {
  std::size_t count = 0;
  auto matrix = [](const NumberMatrix& m) {
    std::size_t c = 0;
    for (const auto& row : m) c += row.size();
    return c;
  };
  std::function<void(const LayerList&)> walk = [&](const LayerList& layers) {
    for (const Layer& l : layers) {
      if (const auto* a = std::get_if<AttentionLayer>(&l.kind))
        for (const AttentionHead& h : a->heads) count += matrix(h.wq) + matrix(h.wk) + matrix(h.wv) + matrix(h.wo);
      else if (const auto* dl = std::get_if<DenseLayer>(&l.kind)) count += matrix(dl->weight) + dl->bias.size();
      else if (const auto* r = std::get_if<ResidualLayer>(&l.kind)) walk(r->body);
      else if (const auto* t = std::get_if<TokenwiseLayer>(&l.kind)) walk(t->layers);
    }
  };
  walk(net.layers);
  return count;
}

chain::Outcome output_row_sums_within_tau(const Network& net, const chain::Attempt& a) {
  const auto& tok = std::get<TokenwiseLayer>(net.layers.back().kind);
  const auto& res = std::get<ResidualLayer>(tok.layers.at(0).kind);
  const auto& out = std::get<DenseLayer>(res.body.at(2).kind);
  chain::ForAll fa = a.for_all();
  for (std::size_t r = 0; r < out.weight.size(); ++r) {
    Ball sum;
    for (const Number& w : out.weight[r]) add(sum, sum, enclose(w, a.prec), a.prec);
    abs(sum, sum, a.prec);
    fa.add(chain::Point{}.add("row", Rational(static_cast<long>(r + 1))),
           chain::Side::enclosure(sum, "sum of the row's output weights"), chain::Side::exact(pow10(-20), "tau"));
  }
  return fa.outcome();
}

}  // namespace approxcert::theorems::kajitsuka2024
