// Transcendental layers (sigmoid, tanh, softmax attention) evaluated with Ball at 128 bits must
// contain an independent MPFR reference computed at 300 bits; kinks and ties with uncertain Ball
// inputs must enclose every branch.
#include <doctest/doctest.h>
#include <mpfr.h>

#include "net_support.hpp"

using namespace approxcert;
using namespace approxcert::test;

namespace {

constexpr mpfr_prec_t kRefBits = 300;

// A 300-bit MPFR number; every operation rounds to nearest (error far below 2^-280 here).
class Mp {
 public:
  Mp() {
    mpfr_init2(x_, kRefBits);
    mpfr_set_ui(x_, 0, MPFR_RNDN);
  }
  explicit Mp(const Rational& q) : Mp() { mpfr_set_q(x_, q.get_mpq_t(), MPFR_RNDN); }
  Mp(const Mp& o) : Mp() { mpfr_set(x_, o.x_, MPFR_RNDN); }
  Mp& operator=(const Mp& o) {
    mpfr_set(x_, o.x_, MPFR_RNDN);
    return *this;
  }
  ~Mp() { mpfr_clear(x_); }
  friend Mp operator+(const Mp& a, const Mp& b) {
    Mp r;
    mpfr_add(r.x_, a.x_, b.x_, MPFR_RNDN);
    return r;
  }
  friend Mp operator*(const Mp& a, const Mp& b) {
    Mp r;
    mpfr_mul(r.x_, a.x_, b.x_, MPFR_RNDN);
    return r;
  }
  friend Mp operator/(const Mp& a, const Mp& b) {
    Mp r;
    mpfr_div(r.x_, a.x_, b.x_, MPFR_RNDN);
    return r;
  }
  friend Mp exp(const Mp& a) {
    Mp r;
    mpfr_exp(r.x_, a.x_, MPFR_RNDN);
    return r;
  }
  friend Mp tanh(const Mp& a) {
    Mp r;
    mpfr_tanh(r.x_, a.x_, MPFR_RNDN);
    return r;
  }
  Rational exact() const {
    mpq_class v;
    mpfr_get_q(v.get_mpq_t(), x_);
    return Rational(v);
  }

 private:
  mpfr_t x_;
};

Mp sigmoid(const Mp& z) {
  Mp minus_z = z * Mp(Rational(-1));
  return Mp(Rational(1)) / (Mp(Rational(1)) + exp(minus_z));
}

// The ball contains [ref - 2^-280, ref + 2^-280] (so it contains the true value that the
// 300-bit reference approximates) and is tight (radius < 2^-100): a wrong answer cannot pass.
void check_contains_reference(const Ball& b, const Mp& ref) {
  const Rational r = ref.exact();
  const Rational eps = pow2(-280);
  CAPTURE(to_string(b));
  CAPTURE(decimal_near(r, 40));
  CHECK(lower(b) <= r - eps);
  CHECK(r + eps <= upper(b));
  CHECK(rad(b) < pow2(-100));
}

std::vector<Ball> eval_ball(const Network& net, const std::vector<Rational>& x) {
  std::vector<Ball> in(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) set(in[i], x[i], Prec(128));
  return evaluate<Ball>(lower(net), std::span<const Ball>(in), Prec(128));
}

bool contains(const Ball& b, const Rational& x) { return lower(b) <= x && x <= upper(b); }

}  // namespace

TEST_CASE("lower/ball: sigmoid and tanh contain a 300-bit MPFR reference") {
  const Network net = net_from(doc(R"({"dim": 2})", R"([
      {"type": "dense", "weight": [["3/7", "0.1"], ["-2", "1/3"]], "bias": ["1/10", "-0.5"]},
      {"type": "sigmoid"}])"));
  const Network net_tanh = net_from(doc(R"({"dim": 2})", R"([
      {"type": "dense", "weight": [["3/7", "0.1"], ["-2", "1/3"]], "bias": ["1/10", "-0.5"]},
      {"type": "tanh"}])"));
  const auto x = qs({"2/3", "-5/11"});
  // z = W x + b exactly, then the reference activation in MPFR
  const Rational z0 = q("3/7") * x[0] + q("1/10") * x[1] + q("1/10");
  const Rational z1 = q("-2") * x[0] + q("1/3") * x[1] - q("1/2");
  const auto s = eval_ball(net, x);
  const auto t = eval_ball(net_tanh, x);
  REQUIRE(s.size() == 2);
  REQUIRE(t.size() == 2);
  check_contains_reference(s[0], sigmoid(Mp(z0)));
  check_contains_reference(s[1], sigmoid(Mp(z1)));
  check_contains_reference(t[0], tanh(Mp(z0)));
  check_contains_reference(t[1], tanh(Mp(z1)));
}

namespace {

using MpMatrix = std::vector<std::vector<Mp>>;

MpMatrix to_mp(const NumberMatrix& m) {
  MpMatrix out;
  for (const auto& row : m) {
    out.emplace_back();
    for (const Number& v : row) out.back().push_back(Mp(v.rational()));
  }
  return out;
}

// A * B for MPFR matrices (lists of rows).
MpMatrix matmul(const MpMatrix& A, const MpMatrix& B) {
  MpMatrix C(A.size(), std::vector<Mp>(B[0].size()));
  for (std::size_t i = 0; i < A.size(); ++i)
    for (std::size_t j = 0; j < B[0].size(); ++j)
      for (std::size_t k = 0; k < B.size(); ++k) C[i][j] = C[i][j] + A[i][k] * B[k][j];
  return C;
}

// Softmax attention straight from the DESIGN.md formula, X as D rows of N entries:
// X + sum_h W_O W_V X softmax_col[(W_K X)^T (W_Q X + b_q 1^T) * scale].
MpMatrix reference_softmax_attention(const AttentionLayer& att, const MpMatrix& X) {
  const std::size_t D = X.size(), N = X[0].size();
  MpMatrix out = X;
  for (const AttentionHead& h : att.heads) {
    MpMatrix Q = matmul(to_mp(h.wq), X);
    if (h.bq)
      for (std::size_t a = 0; a < Q.size(); ++a)
        for (std::size_t i = 0; i < N; ++i) Q[a][i] = Q[a][i] + Mp((*h.bq)[a].rational());
    const MpMatrix K = matmul(to_mp(h.wk), X);
    const MpMatrix U = matmul(to_mp(h.wo), matmul(to_mp(h.wv), X));
    for (std::size_t i = 0; i < N; ++i) {
      std::vector<Mp> w(N);
      Mp total;
      for (std::size_t j = 0; j < N; ++j) {
        Mp s;
        for (std::size_t a = 0; a < K.size(); ++a) s = s + K[a][j] * Q[a][i];
        w[j] = exp(s * Mp(att.scale.rational()));
        total = total + w[j];
      }
      for (std::size_t r = 0; r < D; ++r)
        for (std::size_t j = 0; j < N; ++j) out[r][i] = out[r][i] + w[j] / total * U[r][j];
    }
  }
  return out;
}

}  // namespace

TEST_CASE("lower/ball: softmax attention (two heads, b_q, scale) contains a 300-bit MPFR reference") {
  const Network net = net_from(doc(R"({"dim": 2, "tokens": 3})", R"([{"type": "attention",
      "normalizer": "softmax", "scale": "1/3", "heads": [
        {"wq": [["1", "0.5"], ["-1/4", "2"]], "wk": [["0.3", "1"], ["1", "-1"]], "wv": [["1", "1/7"]],
         "wo": [["2"], ["-1/2"]], "bq": ["0.25", "-1"]},
        {"wq": [["-1", "3"]], "wk": [["2", "1/9"]], "wv": [["1/5", "0"], ["0", "1"]],
         "wo": [["1", "0"], ["1/3", "1"]]}]}])"));
  // X column by column: tokens (1/3, -2), (0.7, 1), (-1, 5/6)
  const auto x = qs({"1/3", "-2", "0.7", "1", "-1", "5/6"});
  MpMatrix X(2, std::vector<Mp>(3));
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t r = 0; r < 2; ++r) X[r][i] = Mp(x[i * 2 + r]);
  const MpMatrix ref = reference_softmax_attention(std::get<AttentionLayer>(net.layers[0].kind), X);
  const auto out = eval_ball(net, x);
  REQUIRE(out.size() == 6);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t r = 0; r < 2; ++r) {
      CAPTURE(i);
      CAPTURE(r);
      check_contains_reference(out[i * 2 + r], ref[r][i]);
    }
}

namespace {

// Evaluates the network on the box [lo_k, hi_k] with Ball at 128 bits and checks that every
// output encloses the exact output at each sample point of the box.
std::vector<Ball> check_box_encloses_samples(const Network& net, const std::vector<Rational>& lo,
                                             const std::vector<Rational>& hi,
                                             const std::vector<std::vector<Rational>>& samples) {
  std::vector<Ball> in(lo.size());
  for (std::size_t k = 0; k < lo.size(); ++k) set_interval(in[k], lo[k], hi[k], Prec(128));
  const auto out = evaluate<Ball>(lower(net), std::span<const Ball>(in), Prec(128));
  for (const auto& point : samples) {
    const auto exact = eval_exact(net, point);
    for (std::size_t o = 0; o < out.size(); ++o) {
      CAPTURE(o);
      CAPTURE(exact[o].to_string());
      CHECK(contains(out[o], exact[o]));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("lower/ball: a ball straddling 0 into relu and step encloses both branches") {
  const Network relu = net_from(doc(R"({"dim": 1})", R"([{"type": "relu"}])"));
  const Network step = net_from(doc(R"({"dim": 1})", R"([{"type": "step"}])"));
  const std::vector<std::vector<Rational>> samples = {qs({"-1/4"}), qs({"-1e-9"}), qs({"0"}), qs({"1/2"})};
  const auto r = check_box_encloses_samples(relu, qs({"-1/4"}), qs({"1/2"}), samples);
  const auto s = check_box_encloses_samples(step, qs({"-1/4"}), qs({"1/2"}), samples);
  CHECK(lower(r[0]) <= q("0"));
  CHECK(upper(r[0]) >= q("1/2"));
  CHECK(lower(s[0]) <= q("0"));
  CHECK(upper(s[0]) >= q("1"));
}

TEST_CASE("lower/ball: piecewise_linear with a ball across a breakpoint") {
  const Network net = net_from(
      doc(R"({"dim": 1})", R"([{"type": "piecewise_linear", "breakpoints": ["0", "1"], "values": ["0", "2"]}])"));
  // across 0 (flat on the left, slope 2 on the right), and across 1 (slope 2, then flat)
  check_box_encloses_samples(net, qs({"-1/2"}), qs({"1/2"}), {qs({"-1/2"}), qs({"0"}), qs({"1/4"}), qs({"1/2"})});
  const auto out = check_box_encloses_samples(net, qs({"1/2"}), qs({"3/2"}), {qs({"1/2"}), qs({"1"}), qs({"3/2"})});
  CHECK(lower(out[0]) <= q("1"));
  CHECK(upper(out[0]) >= q("2"));
}

TEST_CASE("lower/ball: hardmax with an uncertain argmax encloses every possible output") {
  // tokens (a, b), keys/queries read a, values add b to row 1 (as in the exact hardmax test)
  const Network net = net_from(doc(R"({"dim": 2, "tokens": 2})", R"([{"type": "attention",
      "normalizer": "hardmax", "scale": "1",
      "heads": [{"wq": [["1", "0"]], "wk": [["1", "0"]], "wv": [["0", "1"]], "wo": [["0"], ["1"]]}]}])"));
  // a_0 in [0.9, 1.1] against a_1 = 1: for query 1 the argmax may be key 0 (b = 10), key 1
  // (b = 20) or the tie (15), so row 1 of token 1 is 20 + {10, 15, 20}.
  const auto out = check_box_encloses_samples(
      net, qs({"0.9", "10", "1", "20"}), qs({"1.1", "10", "1", "20"}),
      {qs({"0.9", "10", "1", "20"}), qs({"1", "10", "1", "20"}), qs({"1.1", "10", "1", "20"})});
  CHECK(lower(out[3]) <= q("30"));
  CHECK(upper(out[3]) >= q("40"));
}
