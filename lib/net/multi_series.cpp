#include "net/multi_series.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "net/series.hpp"
#include "scalar/ball.hpp"

namespace approxcert {

namespace {

// Graded monomials of degree `deg` in d variables, lexicographically decreasing (t_0^deg first).
void append_degree(std::vector<std::vector<unsigned>>& out, std::size_t d, unsigned deg) {
  std::vector<unsigned> alpha(d, 0);
  auto fill = [&](auto&& self, std::size_t i, unsigned left) -> void {
    if (i + 1 == d) {
      alpha[i] = left;
      out.push_back(alpha);
      return;
    }
    for (unsigned k = left + 1; k-- > 0;) {
      alpha[i] = k;
      self(self, i + 1, left - k);
    }
  };
  fill(fill, 0, deg);
}

std::unique_ptr<MonomialTable> build_table(std::size_t d, std::size_t order) {
  auto t = std::make_unique<MonomialTable>();
  t->d = d;
  t->order = order;
  for (unsigned deg = 0; deg <= order; ++deg) {
    t->first_of_degree.push_back(t->exponents.size());
    append_degree(t->exponents, d, deg);
    if (t->exponents.size() > (std::size_t{1} << 20)) throw std::invalid_argument("MultiSeries: too many monomials");
  }
  t->first_of_degree.push_back(t->exponents.size());
  for (const auto& alpha : t->exponents) {
    unsigned s = 0;
    for (unsigned e : alpha) s += e;
    t->degree.push_back(s);
  }
  std::vector<unsigned> sum(d);
  t->products_up_to_degree.assign(order + 1, 0);
  for (unsigned deg = 2; deg <= order; ++deg) {  // grouped by the product's degree
    for (std::size_t a = 1; a < t->size(); ++a)
      for (std::size_t b = 1; b < t->size(); ++b) {
        if (t->degree[a] + t->degree[b] != deg) continue;
        for (std::size_t i = 0; i < d; ++i) sum[i] = t->exponents[a][i] + t->exponents[b][i];
        t->products.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                               static_cast<std::uint32_t>(t->index_of(sum))});
      }
    t->products_up_to_degree[deg] = t->products.size();
  }
  return t;
}

// Coefficient arithmetic that keeps exact zeros exact: x + 0 = x, x - 0 = x, 0 - y = -y and
// x * 0 = 0 are exact for every real x, so no ulp is added (FastInterval's operations widen every
// result, and a structural zero widened to [-2^-1074, 2^-1074] makes later products subnormal,
// which costs two orders of magnitude in time). Otherwise FastInterval's operations.
inline bool exact_zero(const FastInterval& a) { return a.lo == 0 && a.hi == 0; }
inline void add_exact_zero_aware(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p) {
  if (exact_zero(b)) r = a;
  else if (exact_zero(a)) r = b;
  else add(r, a, b, p);
}
inline void sub_exact_zero_aware(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p) {
  if (exact_zero(b)) r = a;
  else if (exact_zero(a)) neg(r, b);
  else sub(r, a, b, p);
}
inline void mul_exact_zero_aware(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p) {
  if (exact_zero(a) || exact_zero(b)) r = FastInterval{};
  else mul(r, a, b, p);
}
// r += a b
inline void addmul_exact_zero_aware(FastInterval& r, const FastInterval& a, const FastInterval& b, Prec p) {
  if (exact_zero(a) || exact_zero(b)) return;
  FastInterval t;
  mul(t, a, b, p);
  add_exact_zero_aware(r, r, t, p);
}

// r = the series with every coefficient indeterminate (a node that may not be smooth on X).
void set_indeterminate(MultiSeries& r, const MonomialTable* t) {
  r.set_table(t);
  for (FastInterval& c : r.mutable_coefficients()) fast_detail::set_indeterminate(c);
}

void set_constant(MultiSeries& r, const FastInterval& v) {
  r.set_table(nullptr);
  r.mutable_coefficients()[0] = v;
}

const MonomialTable* common_table(const MultiSeries& a, const MultiSeries& b) {
  if (a.table() && b.table() && a.table() != b.table())
    throw std::logic_error("MultiSeries: operands of different variable counts or orders");
  return a.table() ? a.table() : b.table();
}

bool is_exact(const MultiSeries& a) {
  for (const FastInterval& c : a.coefficients())
    if (c.lo != c.hi) return false;
  return true;
}
bool identical_exact(const MultiSeries& a, const MultiSeries& b) {
  if (a.table() != b.table() || !is_exact(a) || !is_exact(b)) return false;
  for (std::size_t k = 0; k < a.coefficients().size(); ++k)
    if (a.coefficients()[k].lo != b.coefficients()[k].lo) return false;
  return true;
}

// r = a op b coefficientwise (a constant operand has only coefficient 0).
template <class Op>
void coefficientwise(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Op op) {
  const MonomialTable* t = common_table(a, b);
  MultiSeries out;
  out.set_table(t);
  std::vector<FastInterval>& c = out.mutable_coefficients();
  for (std::size_t k = 0; k < c.size(); ++k) op(c[k], a.coefficient(k), b.coefficient(k));
  r = std::move(out);
}

// r = s a for a constant s (every coefficient scaled).
void scale(MultiSeries& r, const MultiSeries& a, const FastInterval& s, Prec p) {
  MultiSeries out = a;
  for (FastInterval& c : out.mutable_coefficients()) mul_exact_zero_aware(c, c, s, p);
  r = std::move(out);
}

// out += a b over the table's product pairs, plus the terms with a constant factor.
void accumulate_product(std::vector<FastInterval>& out, const MultiSeries& a, const MultiSeries& b,
                        const MonomialTable& t, Prec p) {
  const std::vector<FastInterval>& x = a.coefficients();
  const std::vector<FastInterval>& y = b.coefficients();
  for (std::size_t k = 0; k < out.size(); ++k) {
    addmul_exact_zero_aware(out[k], x[0], y[k], p);
    if (k > 0) addmul_exact_zero_aware(out[k], x[k], y[0], p);
  }
  for (const MonomialTable::Product& pr : t.products) addmul_exact_zero_aware(out[pr.r], x[pr.a], y[pr.b], p);
}

// The coefficients c_0..c_K of f(y0 + s) for every y0 in `value`, from Series (series.hpp) run on
// the series value + s; false if any is not finite.
template <class SeriesFunction>
bool one_variable_coefficients(std::vector<FastInterval>& c, const FastInterval& value, std::size_t order,
                               SeriesFunction f, Prec p) {
  const Series s = series_variable(to_ball(value), static_cast<long>(order) + 1);
  Series y;
  f(y, s, p);
  if (!is_finite(y)) return false;
  c.resize(order + 1);
  for (std::size_t j = 0; j <= order; ++j) {
    from_ball(c[j], y.coefficient(static_cast<long>(j)));
    if (!is_finite(c[j])) return false;
  }
  return true;
}

// r = sum_j c_j (a - a_0)^j by Horner's scheme (a has a table; a - a_0 has no constant term, so
// its powers above the order vanish).
void compose(MultiSeries& r, const MultiSeries& a, const std::vector<FastInterval>& c, Prec p) {
  const MonomialTable& t = *a.table();
  MultiSeries delta = a;
  delta.mutable_coefficients()[0] = FastInterval{};
  MultiSeries acc, next;  // two buffers, swapped at each step
  acc.set_table(&t);
  next.set_table(&t);
  acc.mutable_coefficients()[0] = c.back();
  for (std::size_t j = c.size() - 1; j-- > 0;) {
    std::vector<FastInterval>& out = next.mutable_coefficients();
    // Step j's result is multiplied by delta^j afterwards, so only its degrees <= K - j matter.
    const std::size_t kept = t.order - j, products = t.products_up_to_degree[kept], size = t.first_of_degree[kept + 1];
    std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size), FastInterval{});
    // acc * delta without delta's (zero) constant term: acc_0 delta_k plus the product pairs.
    for (std::size_t k = 1; k < size; ++k)
      addmul_exact_zero_aware(out[k], acc.coefficients()[0], delta.coefficients()[k], p);
    for (std::size_t n = 0; n < products; ++n) {
      const MonomialTable::Product& pr = t.products[n];
      addmul_exact_zero_aware(out[pr.r], acc.coefficients()[pr.a], delta.coefficients()[pr.b], p);
    }
    add_exact_zero_aware(out[0], out[0], c[j], p);
    std::swap(acc, next);
  }
  r = std::move(acc);
}

// r = f(a): FastInterval's g on a constant, else composed with Series' f.
// r = g(a) by FastInterval's g when a is a constant (then true).
template <class FastFunction>
bool constant_argument(MultiSeries& r, const MultiSeries& a, Prec p, FastFunction g) {
  if (a.table()) return false;
  FastInterval v;
  g(v, a.value(), p);
  set_constant(r, v);
  return true;
}

template <class SeriesFunction, class FastFunction>
void apply(MultiSeries& r, const MultiSeries& a, Prec p, SeriesFunction f, FastFunction g) {
  if (constant_argument(r, a, p, g)) return;
  std::vector<FastInterval> c;
  if (!one_variable_coefficients(c, a.value(), a.table()->order, f, p)) return set_indeterminate(r, a.table());
  compose(r, a, c, p);
}

#define APPROXCERT_MULTI_SERIES_FUNCTION(name)                                  \
  void name(MultiSeries& r, const MultiSeries& a, Prec p) {                     \
    apply(                                                                      \
        r, a, p, [](Series& y, const Series& x, Prec q) { name(y, x, q); },     \
        [](FastInterval& y, const FastInterval& x, Prec q) { name(y, x, q); }); \
  }

}  // namespace

std::size_t MonomialTable::index_of(const std::vector<unsigned>& alpha) const {
  unsigned deg = 0;
  for (unsigned e : alpha) deg += e;
  if (deg > order) return SIZE_MAX;
  for (std::size_t k = first_of_degree[deg]; k < first_of_degree[deg + 1]; ++k)
    if (exponents[k] == alpha) return k;
  return SIZE_MAX;
}

const MonomialTable& monomial_table(std::size_t d, std::size_t order) {
  if (d == 0 || order > 16) throw std::invalid_argument("MultiSeries: needs 1 or more variables and order at most 16");
  static std::mutex mutex;
  static std::map<std::pair<std::size_t, std::size_t>, std::unique_ptr<MonomialTable>> tables;
  const std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<MonomialTable>& t = tables[{d, order}];
  if (!t) t = build_table(d, order);
  return *t;
}

MultiSeries multi_series_variable(const FastInterval& x, std::size_t i, const MonomialTable& table) {
  if (i >= table.d || table.order < 1) throw std::invalid_argument("multi_series_variable: no such variable");
  MultiSeries s;
  s.set_table(&table);
  s.mutable_coefficients()[0] = x;
  s.mutable_coefficients()[table.variable(i)] = FastInterval{1.0, 1.0};
  return s;
}

void set(MultiSeries& r, const Rational& q, Prec p) {
  FastInterval v;
  set(v, q, p);
  set_constant(r, v);
}

void set_pi(MultiSeries& r, Prec p) {
  FastInterval v;
  set_pi(v, p);
  set_constant(r, v);
}

void add(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  coefficientwise(r, a, b, [p](FastInterval& c, const FastInterval& x, const FastInterval& y) {
    add_exact_zero_aware(c, x, y, p);
  });
}

void sub(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  coefficientwise(r, a, b, [p](FastInterval& c, const FastInterval& x, const FastInterval& y) {
    sub_exact_zero_aware(c, x, y, p);
  });
}

void mul(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  if (!b.table()) return scale(r, a, b.value(), p);
  if (!a.table()) return scale(r, b, a.value(), p);
  const MonomialTable* t = common_table(a, b);
  MultiSeries out;
  out.set_table(t);
  accumulate_product(out.mutable_coefficients(), a, b, *t, p);
  r = std::move(out);
}

void addmul(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  if (!b.table() && r.table() == a.table()) {  // the dense-layer case: r += a s, in place
    std::vector<FastInterval>& c = r.mutable_coefficients();
    for (std::size_t k = 0; k < c.size(); ++k) addmul_exact_zero_aware(c[k], a.coefficients()[k], b.value(), p);
    return;
  }
  MultiSeries t;
  mul(t, a, b, p);
  add(r, r, t, p);
}

void div(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  const FastInterval v = b.value();
  if (!b.table() && !a.table()) {
    FastInterval q;
    div(q, a.value(), v, p);
    return set_constant(r, q);
  }
  if (!(v.lo > 0 || v.hi < 0)) return set_indeterminate(r, common_table(a, b));
  if (!b.table()) {
    MultiSeries out = a;
    for (FastInterval& c : out.mutable_coefficients())
      if (!exact_zero(c)) div(c, c, v, p);  // 0 / v = 0 exactly (v excludes 0)
    r = std::move(out);
    return;
  }
  MultiSeries inv;
  apply(
      inv, b, p,
      [](Series& y, const Series& x, Prec q) {
        Series one;
        set(one, Rational(1), q);
        div(y, one, x, q);
      },
      [](FastInterval& y, const FastInterval& x, Prec q) {
        div(y, FastInterval{1.0, 1.0}, x, q);
      });
  mul(r, a, inv, p);
}

void neg(MultiSeries& r, const MultiSeries& a) {
  MultiSeries out = a;
  for (FastInterval& c : out.mutable_coefficients()) neg(c, c);
  r = std::move(out);
}

void pow_int(MultiSeries& r, const MultiSeries& a, long n, Prec p) {
  apply(
      r, a, p, [n](Series& y, const Series& x, Prec q) { pow_int(y, x, n, q); },
      [n](FastInterval& y, const FastInterval& x, Prec q) { pow_int(y, x, n, q); });
}

APPROXCERT_MULTI_SERIES_FUNCTION(exp)
APPROXCERT_MULTI_SERIES_FUNCTION(log)
APPROXCERT_MULTI_SERIES_FUNCTION(expm1)
APPROXCERT_MULTI_SERIES_FUNCTION(log1p)
APPROXCERT_MULTI_SERIES_FUNCTION(log2)
APPROXCERT_MULTI_SERIES_FUNCTION(log10)
APPROXCERT_MULTI_SERIES_FUNCTION(asin)
APPROXCERT_MULTI_SERIES_FUNCTION(acos)
APPROXCERT_MULTI_SERIES_FUNCTION(sinh)
APPROXCERT_MULTI_SERIES_FUNCTION(cosh)
APPROXCERT_MULTI_SERIES_FUNCTION(asinh)
APPROXCERT_MULTI_SERIES_FUNCTION(acosh)
APPROXCERT_MULTI_SERIES_FUNCTION(atanh)
APPROXCERT_MULTI_SERIES_FUNCTION(erf)
APPROXCERT_MULTI_SERIES_FUNCTION(erfc)
APPROXCERT_MULTI_SERIES_FUNCTION(sqrt)
APPROXCERT_MULTI_SERIES_FUNCTION(sin)
APPROXCERT_MULTI_SERIES_FUNCTION(cos)
APPROXCERT_MULTI_SERIES_FUNCTION(tan)
APPROXCERT_MULTI_SERIES_FUNCTION(atan)

namespace {
// tanh and sigmoid solve y' = z(y), z = 1 - y^2 (tanh) or y - y^2 (sigmoid), so the coefficients of
// y(s) = f(y0 + s) satisfy k y_k = z_{k-1}, z's coefficients from y's by the Cauchy product: the
// recurrence Series uses, here in FastInterval (the hot path of smooth networks; no Arb call).
template <class FastFunction>
void riccati(MultiSeries& r, const MultiSeries& a, Prec p, bool is_tanh, FastFunction f) {
  FastInterval y0;
  f(y0, a.value(), p);
  if (!a.table()) return set_constant(r, y0);
  const std::size_t order = a.table()->order;
  std::vector<FastInterval> y(order + 1);
  y[0] = y0;
  for (std::size_t k = 1; k <= order; ++k) {
    FastInterval z = is_tanh && k == 1 ? FastInterval{1.0, 1.0} : FastInterval{};
    if (!is_tanh) add_exact_zero_aware(z, z, y[k - 1], p);
    for (std::size_t i = 0; i < k; ++i) {  // z_{k-1} -= sum_{i + j = k-1} y_i y_j
      FastInterval t;
      mul_exact_zero_aware(t, y[i], y[k - 1 - i], p);
      sub_exact_zero_aware(z, z, t, p);
    }
    const FastInterval kk{static_cast<double>(k), static_cast<double>(k)};  // exact
    div(y[k], z, kk, p);
  }
  for (const FastInterval& c : y)
    if (!is_finite(c)) return set_indeterminate(r, a.table());
  compose(r, a, y, p);
}
}  // namespace

void tanh(MultiSeries& r, const MultiSeries& a, Prec p) {
  riccati(r, a, p, true, [](FastInterval& y, const FastInterval& x, Prec q) { tanh(y, x, q); });
}
void sigmoid(MultiSeries& r, const MultiSeries& a, Prec p) {
  riccati(r, a, p, false, [](FastInterval& y, const FastInterval& x, Prec q) { sigmoid(y, x, q); });
}

void pow(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  if (!a.table() && !b.table()) {
    FastInterval v;
    pow(v, a.value(), b.value(), p);
    return set_constant(r, v);
  }
  const MonomialTable* t = common_table(a, b);
  if (!(a.value().lo > 0)) return set_indeterminate(r, t);
  if (!b.table()) {  // a constant exponent: composed with y^b
    const Ball e = to_ball(b.value());
    return apply(
        r, a, p,
        [&e](Series& y, const Series& x, Prec q) {
          Series exponent;
          arb_poly_set_arb(exponent.poly(), e.arb());
          pow(y, x, exponent, q);
        },
        [](FastInterval&, const FastInterval&, Prec) {});
  }
  MultiSeries l, m;
  log(l, a, p);
  mul(m, b, l, p);
  exp(r, m, p);
}

void relu(MultiSeries& r, const MultiSeries& a, Prec p) {
  if (constant_argument(r, a, p, [](FastInterval& y, const FastInterval& x, Prec q) { relu(y, x, q); })) return;
  if (a.value().lo >= 0) return void(r = a);
  if (a.value().hi <= 0) return set_constant(r, FastInterval{});
  set_indeterminate(r, a.table());
}

void step(MultiSeries& r, const MultiSeries& a, Prec p) {
  if (constant_argument(r, a, p, [](FastInterval& y, const FastInterval& x, Prec q) { step(y, x, q); })) return;
  if (a.value().lo >= 0) return set_constant(r, FastInterval{1.0, 1.0});
  if (a.value().hi < 0) return set_constant(r, FastInterval{});
  set_indeterminate(r, a.table());
}

void abs(MultiSeries& r, const MultiSeries& a, Prec p) {
  if (constant_argument(r, a, p, [](FastInterval& y, const FastInterval& x, Prec q) { abs(y, x, q); })) return;
  if (a.value().lo >= 0) return void(r = a);
  if (a.value().hi <= 0) return neg(r, a);
  set_indeterminate(r, a.table());
}

namespace {
// r = the argument that is <= (min) or >= (max) the other on all of X, or the common exact series.
void select(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, bool min, Prec p) {
  if (!a.table() && !b.table()) {
    FastInterval v;
    if (min) approxcert::min(v, a.value(), b.value(), p);
    else approxcert::max(v, a.value(), b.value(), p);
    return set_constant(r, v);
  }
  FastInterval d;
  sub(d, a.value(), b.value(), p);
  if (d.hi <= 0) return void(r = min ? a : b);
  if (d.lo >= 0) return void(r = min ? b : a);
  if (identical_exact(a, b)) return void(r = a);
  set_indeterminate(r, common_table(a, b));
}
}  // namespace

void min(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) { select(r, a, b, true, p); }
void max(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) { select(r, a, b, false, p); }

void hull(MultiSeries& r, const MultiSeries& a, const MultiSeries& b, Prec p) {
  if (!a.table() && !b.table()) {
    FastInterval v;
    hull(v, a.value(), b.value(), p);
    return set_constant(r, v);
  }
  if (identical_exact(a, b)) return void(r = a);
  set_indeterminate(r, common_table(a, b));
}

Truth less(const MultiSeries& a, const MultiSeries& b) { return less(a.value(), b.value()); }
Truth less_equal(const MultiSeries& a, const MultiSeries& b) { return less_equal(a.value(), b.value()); }
Truth equal(const MultiSeries& a, const MultiSeries& b) {
  if (identical_exact(a, b)) return Truth::True;
  if (equal(a.value(), b.value()) == Truth::False) return Truth::False;
  return Truth::Unknown;
}

bool is_finite(const MultiSeries& a) {
  for (const FastInterval& c : a.coefficients())
    if (!is_finite(c)) return false;
  return true;
}

double dirty_mid(const MultiSeries& a) { return dirty_mid(a.value()); }

}  // namespace approxcert
