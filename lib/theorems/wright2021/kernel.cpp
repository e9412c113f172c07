#include "theorems/wright2021/kernel.hpp"

#include <cctype>
#include <nlohmann/json.hpp>

#include "linalg/kernel_gram.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::theorems::wright2021 {

namespace {

constexpr long kMaxDim = 16;
constexpr long kMaxPoints = 64;

ExactMatrix read_matrix(const chain::Parameters& p, const std::string& name, long max_rows, long max_cols) {
  const RationalRows rows = p.rational_matrix(name);
  if (rows.empty() || rows[0].empty()) p.fail(name, "must be a nonempty matrix (a list of rows)");
  if (static_cast<long>(rows.size()) > max_rows || static_cast<long>(rows[0].size()) > max_cols)
    p.fail(name, "is " + std::to_string(rows.size()) + "x" + std::to_string(rows[0].size()) + "; at most " +
                     std::to_string(max_rows) + "x" + std::to_string(max_cols) + " is supported");
  return ExactMatrix::from_rows(rows);
}

// One unit in the last printed digit of a decimal text such as "-2.416496083e10".
Rational last_digit_unit(const std::string& text) {
  const std::size_t e = text.find_first_of("eE");
  const std::string mantissa = text.substr(0, e);
  const long exponent = e == std::string::npos ? 0 : std::stol(text.substr(e + 1));
  const std::size_t dot = mantissa.find('.');
  const long fraction_digits = dot == std::string::npos ? 0 : static_cast<long>(mantissa.size() - dot - 1);
  return pow10(exponent - fraction_digits);
}

bool is_plain_decimal(const std::string& t) {
  // [-]digits[.digits][e[-+]digits], at most 80 characters.
  if (t.empty() || t.size() > 80) return false;
  std::size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0;
  std::size_t digits = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '-' || t[i] == '+')) ++i;
    std::size_t ed = 0;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i, ++ed;
    if (ed == 0 || ed > 4) return false;
  }
  return i == t.size();
}

SpecNumber spec_number(const chain::Parameters& p, const std::string& name, const ExactJson& v, std::size_t index,
                       bool listed) {
  const std::string where = listed ? " (entry " + std::to_string(index) + ")" : "";
  if (!v.is_string()) p.fail(name, "expected a decimal written as a string, e.g. \"-0.5212\"" + where);
  const std::string t = v.get<std::string>();
  if (!is_plain_decimal(t))
    p.fail(name, "\"" + t.substr(0, 60) + "\" is not a plain decimal such as \"-2.416e10\"" + where);
  return {t, parse_rational(t), last_digit_unit(t)};
}

}  // namespace

Ball indeterminate(Prec p) {
  Ball r;
  set_interval(r, Rational(-1), Rational(1), p);
  sqrt(r, r, p);  // sqrt of a ball reaching below 0: indeterminate by the contract
  return r;
}

Ball EdpKernel::scale(Prec p) const {
  Ball s, one;
  set(s, Rational(d()), p);
  sqrt(s, s, p);
  set(one, Rational(1), p);
  div(s, one, s, p);
  return s;
}

BallMatrix EdpKernel::gram(const ExactMatrix& T, const ExactMatrix& S, Prec p) const {
  BallMatrix K;
  exp_bilinear_gram(K, T, A(), S, scale(p), p);
  return K;
}

EdpKernel read_kernel(const chain::Parameters& p, const std::string& wq, const std::string& wk) {
  EdpKernel k{read_matrix(p, wq, kMaxDim, kMaxDim), read_matrix(p, wk, kMaxDim, kMaxDim)};
  if (k.wq.rows() != k.wk.rows())
    p.fail(wk, "has " + std::to_string(k.wk.rows()) + " rows but " + wq + " has " + std::to_string(k.wq.rows()) +
                   " (both are d x input dimension)");
  return k;
}

ExactMatrix read_query_map(const chain::Parameters& p) { return read_matrix(p, "wq", kMaxDim, kMaxDim); }

ExactMatrix read_points(const chain::Parameters& p, const std::string& name, long dim, long min_count) {
  const ExactMatrix X = read_matrix(p, name, kMaxPoints, kMaxDim);
  if (X.cols() != dim)
    p.fail(name, "points must have " + std::to_string(dim) + " coordinates, got " + std::to_string(X.cols()));
  if (X.rows() < min_count) p.fail(name, "needs at least " + std::to_string(min_count) + " points");
  return X;
}

std::vector<Rational> read_vector(const chain::Parameters& p, const std::string& name, long n) {
  std::vector<Rational> v = p.rationals(name);
  if (static_cast<long>(v.size()) != n)
    p.fail(name, "must have " + std::to_string(n) + " entries, got " + std::to_string(v.size()));
  bool nonzero = false;
  for (const Rational& x : v) nonzero = nonzero || x.sign() != 0;
  if (!nonzero) p.fail(name, "must not be the zero vector");
  return v;
}

std::vector<SpecNumber> read_spec(const chain::Parameters& p, const std::string& name, std::size_t count) {
  const ExactJson& v = p.raw(name);
  std::vector<SpecNumber> r;
  if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) r.push_back(spec_number(p, name, v[i], i, true));
  } else {
    r.push_back(spec_number(p, name, v, 0, false));
  }
  if (r.size() != count)
    p.fail(name, "expected " + std::to_string(count) + " spec numbers, got " + std::to_string(r.size()));
  return r;
}

SpecNumber read_spec1(const chain::Parameters& p, const std::string& name) { return read_spec(p, name, 1)[0]; }

chain::Outcome matches_spec(const Ball& value, const SpecNumber& spec, std::string note) {
  return chain::Outcome::in_range(chain::Side::enclosure(value, std::move(note)),
                                  chain::Side::exact(spec.low(), "spec " + spec.text + " - 1 unit in the last digit"),
                                  chain::Side::exact(spec.high(), "spec " + spec.text + " + 1 unit in the last digit"));
}

}  // namespace approxcert::theorems::wright2021
