#include "theorems/yun2020/constants.hpp"

namespace approxcert::theorems::yun2020 {

std::vector<Rational> column_id_weights(const Shape& s) {
  std::vector<Rational> u;
  for (long i = 0; i < s.dl(); ++i) u.push_back(s.inv_pow(i));
  return u;
}

Rational j_recalled(const Shape& s) { return s.inv_pow(s.nl() * s.dl()); }
Rational j_restatement(const Shape& s) { return Rational(s.nl()) + Rational(3 * s.nl()) * s.inv_pow(s.nl() * s.dl()); }
Rational j_repair(const Shape& s) { return Rational(s.nl() + 1) * s.inv_pow(s.nl() * s.dl()); }

Rational window_scale(const Shape& s) { return s.inv_pow(s.dl()); }
std::vector<Rational> window_positions(const Shape& s) {
  Rational norm_u(0);
  for (const Rational& w : column_id_weights(s)) norm_u += w;
  std::vector<Rational> ls;
  for (long j = 0; j < (s.positional ? s.nl() : 1); ++j)
    for (long k = 0; Rational(k) < window_scale(s); ++k) ls.push_back(Rational(j) * norm_u + Rational(k) * s.delta());
  return ls;
}

Rational global_scale_default(const Shape& s) { return Rational(s.nl()) * s.inv_pow((s.nl() + 1) * s.dl() + 1); }

Rational lemma10_lower(const Shape& s) {
  return s.inv_pow((s.nl() - 1) * s.dl() - 1) * (s.inv_pow(s.dl()) - Rational(1));
}
Rational lemma10_upper(const Shape& s) { return Rational(s.nl()) * s.inv_pow((s.nl() + 1) * s.dl()); }

namespace {
// c_i = 1 + delta^(-nd) - delta^(-(n-i)d)
Rational gap_weight(const Shape& s, long i) {
  return Rational(1) + s.inv_pow(s.nl() * s.dl()) - s.inv_pow((s.nl() - i) * s.dl());
}
}  // namespace

Rational tilde_min(const Shape& s) {
  Rational sum(0);
  for (long i = 1; i <= s.nl() - 1; ++i) sum += gap_weight(s, i);
  return s.delta() * sum;
}

Rational tilde_max(const Shape& s) {
  Rational sum(0);
  for (long i = 1; i <= s.nl() - 2; ++i) sum += gap_weight(s, i);
  const Rational last_gap = s.inv_pow(s.dl() - 1) - Rational(s.nl() - 1) * s.delta();
  return s.delta() * sum + last_gap * gap_weight(s, s.nl() - 1);
}

Rational loose_t_l(const Shape& s, const Rational& K) { return K * lemma10_lower(s); }
Rational loose_t_r(const Shape& s, const Rational& K) { return (K + Rational(1)) * lemma10_upper(s); }
Rational tight_t_l(const Shape& s, const Rational& K) {
  return K * tilde_min(s) + Rational(s.nl() - 1) * s.inv_pow(s.dl() - 1);
}
Rational tight_t_r(const Shape& s, const Rational& K) { return (K + Rational(1)) * tilde_max(s); }
Rational restatement_printed_t_l(const Shape& s) {
  return Rational(s.nl()) * s.inv_pow(2 * (s.nl() + 1) * s.dl()) * (s.inv_pow(s.dl()) - Rational(1));
}

Rational q_plus_min(const Shape& s, const Rational& J, const Rational& K) {
  return (Rational(1) + K) * s.inv_pow(s.dl()) * (J - s.inv_pow(s.dl() - 1) + Rational(1));
}

Rational class_count(const Shape& s) {
  if (s.positional) return s.inv_pow(s.dl() * s.nl());
  const Rational m = s.inv_pow(s.dl());
  Rational c(1);
  for (long k = 0; k < s.nl(); ++k) c = c * (m - Rational(k)) / Rational(k + 1);
  return c;
}

Rational duplicate_fraction(const Shape& s) {
  if (s.positional) return Rational(0);
  const Rational m = s.inv_pow(s.dl());
  Rational falling(1);
  for (long k = 0; k < s.nl(); ++k) falling *= (m - Rational(k));
  return Rational(1) - falling / s.inv_pow(s.dl() * s.nl());
}

}  // namespace approxcert::theorems::yun2020
