#include "reference/random_problems.hpp"

#include <array>

namespace approxcert::soak {

std::size_t RandomProblems::size(std::size_t lo, std::size_t hi) {
  return std::uniform_int_distribution<std::size_t>(lo, hi)(rng_);
}

Rational RandomProblems::number() {
  const long k = static_cast<long>(size(0, 32)) - 16;
  const std::size_t kind = size(0, 9);
  const long den = kind == 0 ? 3 : kind == 1 ? 5 : 1L << size(0, 3);
  return Rational(mpz_class(k), mpz_class(den)) / Rational(4);
}

RationalVector RandomProblems::vector(std::size_t n) {
  RationalVector v;
  for (std::size_t i = 0; i < n; ++i) v.push_back(number());
  return v;
}

RationalMatrix RandomProblems::matrix(std::size_t rows, std::size_t cols) {
  RationalMatrix m;
  for (std::size_t r = 0; r < rows; ++r) m.push_back(vector(cols));
  return m;
}

LayerList RandomProblems::vector_layers(std::size_t& d, int depth) {
  LayerList layers;
  for (std::size_t i = size(1, 3); i > 0; --i) {
    switch (size(0, depth > 0 ? 7 : 8)) {
      case 0:
      case 1: {
        const std::size_t m = size(1, 4);
        layers.push_back({DenseLayer{numbers(matrix(m, d)), numbers(vector(m))}});
        d = m;
        break;
      }
      case 2: {
        const std::size_t m = size(1, 4);
        SparseDenseLayer s{m, d, {}, numbers(vector(m))};
        for (std::size_t r = 0; r < m; ++r)
          for (std::size_t c = 0; c < d; ++c)
            if (size(0, 1)) s.entries.push_back({r, c, number()});
        layers.push_back({s});
        d = m;
        break;
      }
      case 3: layers.push_back({ReluLayer{}}); break;
      case 4: layers.push_back({StepLayer{}}); break;
      case 5: layers.push_back({size(0, 1) ? Layer{SigmoidLayer{}} : Layer{TanhLayer{}}}); break;
      case 6: {
        PiecewiseLinearLayer p;
        Rational b = number();
        for (std::size_t k = size(1, 4); k > 0; --k) {
          p.breakpoints.push_back(b);
          p.values.push_back(number());
          b = b + Rational(mpz_class(static_cast<long>(size(1, 6))), mpz_class(4));
        }
        layers.push_back({p});
        break;
      }
      case 7: {
        std::size_t inner = d;
        LayerList body = vector_layers(inner, depth + 1);
        body.push_back({DenseLayer{numbers(matrix(d, inner)), numbers(vector(d))}});
        layers.push_back({ResidualLayer{std::move(body)}});
        break;
      }
      default: {  // inner product of the first `split` coordinates and the rest
        if (d < 2) break;
        const std::size_t split = size(1, d - 1);
        std::size_t dl = split, dr = d - split;
        LayerList left = vector_layers(dl, depth + 1), right = vector_layers(dr, depth + 1);
        const std::size_t k = size(1, 3);
        left.push_back({DenseLayer{numbers(matrix(k, dl)), numbers(vector(k))}});
        right.push_back({DenseLayer{numbers(matrix(k, dr)), numbers(vector(k))}});
        layers.push_back({InnerProductLayer{split, std::move(left), std::move(right)}});
        d = 1;
      }
    }
  }
  return layers;
}

Network RandomProblems::network() {
  if (size(0, 2) != 0) {  // vector network
    std::size_t d = size(1, 4);
    Network net{{d, std::nullopt}, {}};
    net.layers = vector_layers(d, 0);
    return net;
  }
  // Sequence network: D x N with D * N <= 4.
  const std::size_t D = size(1, 2), N = size(1, 4 / D);
  Network net{{D, N}, {}};
  std::size_t d = D;
  for (std::size_t i = size(1, 3); i > 0; --i) {
    switch (size(0, 2)) {
      case 0: {
        AttentionLayer a;
        a.normalizer = size(0, 1) ? Normalizer::Softmax : Normalizer::Hardmax;
        a.scale = number();
        for (std::size_t h = size(1, 2); h > 0; --h) {
          const std::size_t dk = size(1, 2), dv = size(1, 2);
          AttentionHead head{numbers(matrix(dk, d)), numbers(matrix(dk, d)), numbers(matrix(dv, d)),
                             numbers(matrix(d, dv)), std::nullopt};
          if (size(0, 1)) head.bq = numbers(vector(dk));
          a.heads.push_back(std::move(head));
        }
        net.layers.push_back({std::move(a)});
        break;
      }
      case 1: {
        std::size_t inner = d;
        LayerList body = vector_layers(inner, 1);
        body.push_back(
            {DenseLayer{numbers(matrix(d, inner)), numbers(vector(d))}});  // keep D (attention needs a fixed D)
        net.layers.push_back({TokenwiseLayer{std::move(body)}});
        break;
      }
      default: net.layers.push_back({PositionalEncodingLayer{numbers(matrix(d, N))}});
    }
  }
  return net;
}

Box RandomProblems::box(std::size_t dim) {
  Box b;
  for (std::size_t k = 0; k < dim; ++k) {
    const Rational lo = number();
    b.lo.push_back(lo);
    b.hi.push_back(lo + Rational(mpz_class(static_cast<long>(size(1, 8))), mpz_class(4)));
  }
  return b;
}

std::vector<Rational> RandomProblems::point_in(const Box& b) {
  std::vector<Rational> x;
  const std::size_t kind = size(0, 3);
  for (std::size_t k = 0; k < b.dim(); ++k) {
    if (kind == 0) x.push_back(size(0, 1) ? b.lo[k] : b.hi[k]);
    else if (kind == 1) x.push_back((b.lo[k] + b.hi[k]) / Rational(2));
    else
      x.push_back(b.lo[k] +
                  (b.hi[k] - b.lo[k]) * Rational(mpz_class(static_cast<long>(size(0, 1000))), mpz_class(1000)));
  }
  return x;
}

namespace {

void sum_all(mpfr_ptr r, const std::vector<Mp>& x) {
  mpfr_set_zero(r, 1);
  for (const Mp& v : x) mpfr_add(r, r, v.get(), MPFR_RNDN);
}

}  // namespace

const SoakTarget& random_target(RandomProblems& r) {
  static const std::array<SoakTarget, 5> kTargets = {{
      {"0", [](mpfr_ptr y, const std::vector<Mp>&) { mpfr_set_zero(y, 1); }},
      {"sin(x0)", [](mpfr_ptr y, const std::vector<Mp>& x) { mpfr_sin(y, x[0].get(), MPFR_RNDN); }},
      {"exp(x0)/4 - 1/3",
       [](mpfr_ptr y, const std::vector<Mp>& x) {
         mpfr_exp(y, x[0].get(), MPFR_RNDN);
         mpfr_div_ui(y, y, 4, MPFR_RNDN);
         mpq_class third(1, 3);
         mpfr_sub_q(y, y, third.get_mpq_t(), MPFR_RNDN);
       }},
      {"x0^2 - tanh(x0)",
       [](mpfr_ptr y, const std::vector<Mp>& x) {
         Mp t(mpfr_get_prec(y));
         mpfr_tanh(t.get(), x[0].get(), MPFR_RNDN);
         mpfr_sqr(y, x[0].get(), MPFR_RNDN);
         mpfr_sub(y, y, t.get(), MPFR_RNDN);
       }},
      {"SUM", [](mpfr_ptr y, const std::vector<Mp>& x) { sum_all(y, x); }},  // x0 + ... (text built per dim)
  }};
  return kTargets[r.size(0, kTargets.size() - 1)];
}

}  // namespace approxcert::soak
