// Theorem "fang2022/zero-error": the adapted blocks generate a polynomial target with no error
// (spec 2.6, claims F-C1..F-C11 and F-C14 of one instance (d, k, p)).
#include <memory>

#include "chain/encloses_zero.hpp"
#include "chain/polynomial_identity.hpp"
#include "net/constant.hpp"
#include "net/evaluate.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "net/polynomial_degree.hpp"
#include "theorems/fang2022/construction.hpp"
#include "theorems/fang2022/programs.hpp"
#include "theorems/fang2022/steps.hpp"
#include "theorems/fang2022/theorems.hpp"

namespace approxcert::theorems::fang2022 {

namespace {

using chain::Attempt;
using chain::Enclosure;
using chain::Outcome;
using chain::Point;
using chain::Relation;
using chain::Side;

struct Instance {
  Monomials mono;
  Layout L;
  std::string target, target_other;
  Network embedding;
  BlockOptions full;  // all k blocks, raw scores, read-out c
  Network blocks;     // with read-out
  Program T;          // x -> T_c(x)
  Program p;          // x -> p(x)
  std::vector<Rational> c, c_other;
};

// Width of an enclosure: upper - lower, exactly (whole line: std::logic_error, not reached for
// finite evaluations).
template <class S>
Rational width_of(const S& x) {
  return upper(x) - lower(x);
}

Rational exact_at(const Program& prog, const std::vector<Rational>& x, std::size_t output = 0) {
  return evaluate<Rational>(prog, std::span<const Rational>(x), Prec(64)).at(output);
}

// The states after `upto` blocks (no read-out) for every depth 1..k in one program.
Program all_states_program(const Instance& I) {
  Program prog(I.mono.d);
  std::vector<NodeId> x;
  for (std::size_t i = 0; i < I.mono.d; ++i) x.push_back(prog.input(i));
  const std::vector<NodeId> h = lower_into(prog, I.embedding, x);
  std::vector<NodeId> outs;
  for (std::size_t l = 1; l <= I.mono.k; ++l) {
    const std::vector<NodeId> o = lower_into(prog, block_network(I.mono, {.blocks = l}), h);
    outs.insert(outs.end(), o.begin(), o.end());
  }
  prog.set_outputs(std::move(outs));
  return prog;
}

// The R_l slices of every token after l blocks, l = 1..k (broadcast: `first_token_only` repeats
// token 0's slice for every token).
Program r_slices_program(const Instance& I, bool first_token_only) {
  Program all = all_states_program(I);
  std::vector<NodeId> outs;
  const std::span<const NodeId> o = all.outputs();
  for (std::size_t l = 1; l <= I.mono.k; ++l) {
    const std::size_t base = (l - 1) * I.L.n * I.L.D;
    for (std::size_t i = 0; i < I.L.n; ++i)
      for (std::size_t t = 0; t < I.mono.m(l); ++t)
        outs.push_back(o[base + (first_token_only ? 0 : i) * I.L.D + I.L.r(l, t)]);
  }
  all.set_outputs(std::move(outs));
  return all;
}

// Network with the first `blocks` blocks, then the score probe of block blocks+1: the stream is
// widened by n zero columns and an attention layer with that block's W_Q, W_K writes the score
// s_ij into column D + j of token i (values: one-hot positions of all n tokens).
Network score_probe(const Instance& I, std::size_t blocks) {
  const std::size_t D = I.L.D, n = I.L.n, l = blocks;
  Network net;
  if (blocks == 0) net.input = NetworkInput{D, n};
  else net = block_network(I.mono, {.blocks = blocks});
  DenseLayer widen;
  widen.weight.assign(D + n, NumberVector(D, Number(Rational(0))));
  for (std::size_t r = 0; r < D; ++r) widen.weight[r][r] = Number(Rational(1));
  widen.bias.assign(D + n, Number(Rational(0)));
  TokenwiseLayer tw;
  tw.layers.push_back(Layer{widen});
  net.layers.push_back(Layer{tw});
  AttentionHead h;
  h.wq.assign(I.mono.m(l), NumberVector(D + n, Number(Rational(0))));
  h.wk = h.wq;
  for (std::size_t t = 0; t < I.mono.m(l); ++t) {
    h.wq[t][I.L.r(l, t)] = Number(Rational(1));
    h.wk[t][I.L.key(l, t)] = Number(Rational(1));
  }
  h.wv.assign(n, NumberVector(D + n, Number(Rational(0))));
  h.wo.assign(D + n, NumberVector(n, Number(Rational(0))));
  for (std::size_t j = 0; j < n; ++j) {
    h.wv[j][I.L.pos(j)] = Number(Rational(1));
    h.wo[D + j][j] = Number(Rational(1));
  }
  AttentionLayer a;
  a.heads.push_back(std::move(h));
  a.normalizer = Normalizer::None;
  a.scale = Number(Rational(1));
  net.layers.push_back(Layer{a});
  return net;
}

// Serialized (E, W) of the full construction for read-out c: the embedding, and the blocks network
// built WITH the read-out, whose last (read-out) layer is then dropped.
std::string serialized_blocks(const Monomials& mono, const std::vector<Rational>& c) {
  Network blocks = block_network(mono, {.blocks = mono.k, .readout = c});
  blocks.layers.pop_back();
  return save_network(embedding_network(mono)) + save_network(blocks);
}

std::shared_ptr<const Instance> make_instance(const chain::Parameters& prm) {
  auto I = std::make_shared<Instance>();
  const std::uint64_t d = prm.count("d"), k = prm.count("k");
  if (d < 1 || d > 10) prm.fail("d", "must be between 1 and 10");
  if (k < 1 || k > 6) prm.fail("k", "must be between 1 and 6");
  if (binomial(d + k, k) > 300)
    prm.fail(
        "k",
        "the construction would need more than 300 tokens (binomial(d+k, k)); the chain evaluates it at many points");
  I->mono = monomials(d, k);
  I->L = layout(I->mono);
  I->target = prm.text("target");
  I->target_other = prm.text("target_other");
  I->p = polynomial_target(prm, "target", I->target, d);
  const Program other = polynomial_target(prm, "target_other", I->target_other, d);
  I->c = interpolated_readout(I->mono, I->p);
  I->c_other = interpolated_readout(I->mono, other);
  I->embedding = embedding_network(I->mono);
  I->full = {.blocks = k, .readout = I->c};
  I->blocks = block_network(I->mono, I->full);
  I->T = composed_program(I->embedding, I->blocks, true);
  return I;
}

void add_size_steps(chain::Chain& ch, const std::shared_ptr<const Instance>& I, const std::vector<Rational>& expected) {
  ch.add(
      {.id = "F-C1",
       .claim =
           "the built network has the sizes of (F5) and (F7): tokens binomial(d+k, k), width 2 binomial(d+k, k) + 2 binomial(d+k, d+1), key width m_l in block l+1, sum_l (2 m_l + m_{l+1}) nonzero weights (W_V = W_O W_V as one D x D matrix), binomial(d+k, k) free parameters",
       .symbols = "counted size = closed form, for each size",
       .relation = Relation::Equal,
       .lhs_name = "counted",
       .rhs_name = "closed form",
       .reference = "(F5), (F7)",
       .status = "R",
       .mode = "CF / count",
       .coq_lemma = "fang_FC1",
       .coq_note = kCoqNote},
      chain::exact([I] {
        return sizes_outcome(I->mono, I->embedding, block_network(I->mono, {.blocks = I->mono.k}), I->c.size());
      }));
  ch.add({.id = "F-C1-C",
          .claim = "the counted tokens, width, nonzero weights and free parameters equal the spec's numbers of 4.1",
          .symbols = "(n, D, nonzeros, free) = spec",
          .relation = Relation::Equal,
          .lhs_name = "counted",
          .rhs_name = "spec 4.1",
          .reference = "4.1",
          .status = "C",
          .mode = "count",
          .coq_lemma = "fang_FC1_C",
          .coq_note = kCoqNote},
         chain::exact([I, expected] {
           return counted_vs_spec(I->mono, I->embedding, block_network(I->mono, {.blocks = I->mono.k}), I->c.size(),
                                  expected);
         }));
}

}  // namespace

ZeroErrorPrograms zero_error_programs(const chain::Parameters& prm) {
  const std::shared_ptr<const Instance> I = make_instance(prm);
  return {I->T, I->p};
}

chain::Chain build_zero_error(const chain::Parameters& prm) {
  const std::shared_ptr<const Instance> I = make_instance(prm);
  const std::vector<Rational> expected_sizes = prm.rationals("expected_sizes");
  if (expected_sizes.size() != 4)
    prm.fail("expected_sizes", "must list 4 numbers: tokens, width, nonzero weights, free parameters");
  const auto points = prm.rational_matrix("points");
  const std::vector<Rational> values = prm.rationals("values");
  if (points.empty() || points.size() != values.size() || points[0].size() != I->mono.d)
    prm.fail("points", "must be a non-empty list of d-vectors, one per entry of \"values\"");
  const Rational spec_det = prm.rational("vandermonde_det");
  const std::vector<Number> ball_point = number_list(prm, "ball_point", I->mono.d);
  const std::vector<std::uint64_t> ball_bits = count_list(prm, "ball_precisions");
  const Rational ball_constant = prm.rational("ball_constant");
  if (ball_constant.sign() <= 0) prm.fail("ball_constant", "must be > 0");
  for (const std::uint64_t b : ball_bits)
    if (b < 16 || b > 4096) prm.fail("ball_precisions", "each must be an integer in 16..4096");
  const std::vector<Rational> ablation_point = prm.rationals("ablation_point");
  if (ablation_point.size() != I->mono.d) prm.fail("ablation_point", "must have d entries");
  const std::vector<Rational> softmax_range = prm.rationals("softmax_value_range");
  const std::vector<Rational> ln_range = prm.rationals("layer_norm_value_range");
  if (softmax_range.size() != 2) prm.fail("softmax_value_range", "must be [low, high]");
  if (ln_range.size() != 2) prm.fail("layer_norm_value_range", "must be [low, high]");
  const Rational ln_eps = prm.rational("layer_norm_eps");
  if (ln_eps.sign() <= 0) prm.fail("layer_norm_eps", "must be > 0");
  const std::uint64_t samples = prm.count("samples");
  if (samples < 2 || samples > 1000000000) prm.fail("samples", "must be between 2 and 10^9");
  const std::vector<Rational> learning_range = prm.rationals("learning_factor_range");
  if (learning_range.size() != 2) prm.fail("learning_factor_range", "must be [low, high]");

  chain::Chain ch;
  add_size_steps(ch, I, expected_sizes);

  ch.add(
      {.id = "F-C2",
       .claim = "the embedding is affine, E(x) = E_0 + sum_i x_i E_i, with every entry of E_0, E_1, ..., E_d in {0, 1}",
       .symbols = "#{entries of E_i not in {0,1}} = 0",
       .relation = Relation::Equal,
       .lhs_name = "entries not in {0,1}",
       .rhs_name = "0",
       .reference = "(F6)",
       .status = "R",
       .mode = "EX",
       .coq_lemma = "fang_FC2",
       .coq_note = kCoqNote},
      chain::exact([I] { return zero_one_outcome(I->embedding); }));

  ch.add(
      {.id = "F-C3",
       .claim =
           "score identity: the score of key j for query i in block l+1 is M^(l)_{idx(a_j)} xt_{b_j} for j < m_{l+1} and 0 otherwise, for every block, query and key, at the first sample point",
       .symbols = "S^(l)_ij = M^(l)_idx(a_j) xt_b_j (j < m_{l+1}), 0 otherwise",
       .relation = Relation::Equal,
       .lhs_name = "S^(l)_ij (network)",
       .rhs_name = "closed form",
       .reference = "(F8a)",
       .status = "R",
       .mode = "NET vs CF, EX",
       .coq_lemma = "fang_FC3",
       .coq_note = kCoqNote},
      chain::exact([I, x = points[0]] {
        chain::ForAll fa(Relation::Equal);
        for (std::size_t l = 0; l < I->mono.k; ++l) {
          const Program probe = composed_program(I->embedding, score_probe(*I, l), false);
          const std::vector<Rational> out = evaluate<Rational>(probe, std::span<const Rational>(x), Prec(64));
          const std::size_t width = I->L.D + I->L.n;
          for (std::size_t i = 0; i < I->L.n; ++i)
            for (std::size_t j = 0; j < I->L.n; ++j) {
              Rational want(0);
              if (j < I->mono.m(l + 1)) {
                const auto [ia, b] = I->mono.pairs[l][j];
                want = monomial_value(I->mono.A[l][ia], x) * (b == 0 ? Rational(1) : x[b - 1]);
              }
              fa.add(Point{}
                         .add("block", Rational(static_cast<long>(l + 1)))
                         .add("query", Rational(static_cast<long>(i)))
                         .add("key", Rational(static_cast<long>(j))),
                     Side::exact(out.at(i * width + I->L.D + j)), Side::exact(want));
            }
        }
        Outcome o = fa.outcome();
        for (std::size_t i = 0; i < x.size(); ++i) o.report("sample point x" + std::to_string(i), Side::exact(x[i]));
        return o;
      }));

  ch.add(
      {.id = "F-C4",
       .claim =
           "invariant, for all x in R^d: after block l every token holds R_l = M^(l)(x), and its POS, R_0, K and R_{<l} slices are unchanged (R_{>l} = 0), for l = 1..k",
       .symbols = "H^(l)(x) = expected stream, as polynomials",
       .relation = Relation::Equal,
       .lhs_name = "H^(l)(x)",
       .rhs_name = "closed-form stream",
       .reference = "(F8b)",
       .status = "R",
       .mode = "NET, EX (polynomial identity)",
       .coq_lemma = "fang_FC4",
       .coq_note = kCoqNote},
      chain::exact([I] {
        std::vector<std::string> want;
        for (std::size_t l = 1; l <= I->mono.k; ++l) {
          const auto s = expected_stream(I->mono, l);
          want.insert(want.end(), s.begin(), s.end());
        }
        return chain::polynomial_identity(all_states_program(*I), expressions_program(want, I->mono.d));
      }));

  ch.add({.id = "F-C5",
          .claim = "broadcast: after block l all tokens agree on R_l, for all x and l = 1..k",
          .symbols = "H^(l)[i, R_l] = H^(l)[0, R_l]",
          .relation = Relation::Equal,
          .lhs_name = "R_l of token i",
          .rhs_name = "R_l of token 0",
          .reference = "2.5",
          .status = "R",
          .mode = "EX (polynomial identity)",
          .coq_lemma = "fang_FC5",
          .coq_note = kCoqNote},
         chain::exact(
             [I] { return chain::polynomial_identity(r_slices_program(*I, false), r_slices_program(*I, true)); }));

  ch.add({.id = "F-C6",
          .claim = "T_c(x) = p(x) exactly at the rational sample points",
          .symbols = "T_c(x) = p(x)",
          .relation = Relation::Equal,
          .lhs_name = "T_c(x)",
          .rhs_name = "p(x)",
          .reference = "(F9)",
          .status = "P1 (R weights)",
          .mode = "NET, EX",
          .coq_lemma = "fang_FC6",
          .coq_note = kCoqNote},
         chain::exact([I, points] {
           chain::ForAll fa(Relation::Equal);
           for (const auto& x : points)
             fa.add(point_of(x), Side::exact(exact_at(I->T, x)), Side::exact(exact_at(I->p, x)));
           return fa.outcome();
         }));
  ch.add({.id = "F-C6-C",
          .claim = "the exact outputs T_c(x) at the sample points equal the spec's numbers of 4.1",
          .symbols = "T_c(x) = spec value",
          .relation = Relation::Equal,
          .lhs_name = "T_c(x)",
          .rhs_name = "spec 4.1",
          .reference = "4.1",
          .status = "C",
          .mode = "NET, EX",
          .coq_lemma = "fang_FC6_C",
          .coq_note = kCoqNote},
         chain::exact([I, points, values] {
           chain::ForAll fa(Relation::Equal);
           for (std::size_t i = 0; i < points.size(); ++i)
             fa.add(point_of(points[i]), Side::exact(exact_at(I->T, points[i])), Side::exact(values[i]));
           return fa.outcome();
         }));

  ch.add(
      {.id = "F-C7",
       .claim =
           "T_c = p as polynomials, for all x in R^d (certified degree pass, then exact evaluation on a tensor grid with one more point than the degree in each variable)",
       .symbols = "T_c == p",
       .relation = Relation::Equal,
       .lhs_name = "T_c",
       .rhs_name = "p",
       .reference = "2.8",
       .status = "P1",
       .mode = "EX (polynomial identity)",
       .coq_lemma = "fang_FC7",
       .coq_note = kCoqNote},
      chain::exact([I] { return chain::polynomial_identity(I->T, I->p); }));
  ch.add(
      {.id = "F-C7-det",
       .claim =
           "the monomial Vandermonde matrix on the principal lattice Lambda_{d,k} (points sorted lexicographically, monomials in A_k order) has the spec's determinant, which is nonzero: the lattice is unisolvent for P^d_k",
       .symbols = "det V(Lambda_{d,k}) = spec value",
       .relation = Relation::Equal,
       .lhs_name = "det V",
       .rhs_name = "spec 4.1",
       .reference = "2.8, 4.1",
       .status = "C",
       .mode = "EX",
       .coq_lemma = "fang_FC7_det",
       .coq_note = kCoqNote},
      chain::exact([I, spec_det] {
        const Rational det_v = det(lattice_vandermonde(I->mono));
        return Outcome(Side::exact(det_v, "exact determinant (FLINT fmpq_mat_det)"), Side::exact(spec_det));
      }));
  ch.add(
      {.id = "F-C7-lattice",
       .claim =
           "T_c - p vanishes at every point of Lambda_{d,k} (with the degree pass deg T_c, deg p <= k and det V != 0 this is the spec's lattice proof of T_c = p)",
       .symbols = "T_c(beta) = p(beta), |beta| <= k",
       .relation = Relation::Equal,
       .lhs_name = "T_c(beta)",
       .rhs_name = "p(beta)",
       .reference = "2.8",
       .status = "P1",
       .mode = "EX",
       .coq_lemma = "fang_FC7_lattice",
       .coq_note = kCoqNote},
      chain::exact([I] {
        chain::ForAll fa(Relation::Equal);
        for (const auto& beta : lattice(I->mono))
          fa.add(point_of(beta), Side::exact(exact_at(I->T, beta)), Side::exact(exact_at(I->p, beta)));
        Outcome o = fa.outcome();
        const PolynomialDegree dt = polynomial_degree(I->T), dp = polynomial_degree(I->p);
        o.report("total degree bound of T_c", Side::exact(Rational(static_cast<long>(dt.total))));
        o.report("total degree bound of p", Side::exact(Rational(static_cast<long>(dp.total))));
        return o;
      }));

  for (const std::uint64_t bits : ball_bits) {
    const long b = static_cast<long>(bits);
    ch.add({.id = "F-C8@" + std::to_string(b),
            .claim = "at the irrational point the enclosure of T_c(x) - p(x) computed at " + std::to_string(b) +
                     " bits has |T_c - p| <= C 2^-prec (and contains 0, reported)",
            .symbols = "|T_c(x) - p(x)| <= C 2^-" + std::to_string(b),
            .relation = Relation::LessEqual,
            .lhs_name = "|T_c(x) - p(x)|",
            .rhs_name = "C 2^-prec",
            .reference = "2.8",
            .status = "R",
            .mode = "NET (balls)",
            .coq_lemma = "fang_FC8_" + std::to_string(b),
            .coq_note = kCoqNote},
           // Ball only, at exactly b bits whatever the attempt: the reported widths are those of Arb at b bits.
           chain::ball([I, ball_point, b, ball_constant](const Attempt&) {
             using S = Ball;
             const Prec p(b);
             std::vector<S> x(ball_point.size());
             for (std::size_t i = 0; i < x.size(); ++i) {
               const Ball e = enclose(ball_point[i], p);
               set_interval(x[i], lower(e), upper(e), p);
             }
             const S t = evaluate<S>(I->T, std::span<const S>(x), p).at(0);
             const S q = evaluate<S>(I->p, std::span<const S>(x), p).at(0);
             S diff;
             sub(diff, t, q, p);
             Outcome o = chain::encloses_zero_within(diff, ball_constant * pow2(-b), p);
             o.report("T_c(x)", Side::enclosure(t));
             o.report("p(x)", Side::enclosure(q));
             o.report("width of T_c(x)", Side::exact(width_of(t)));
             o.report("width of p(x)", Side::exact(width_of(q)));
             return o;
           }));
  }

  ch.add(
      {.id = "F-C9",
       .claim =
           "degree profile: the R_l slice after block l has total degree exactly l (upper: the certified degree pass; lower: R_l = M^(l) contains x_1^l, proved by F-C4), l = 1..k",
       .symbols = "max deg R_l = l",
       .relation = Relation::Equal,
       .lhs_name = "deg R_l",
       .rhs_name = "l",
       .reference = "P2",
       .status = "P2 (property of the construction)",
       .mode = "EX (degree pass + F-C4)",
       .coq_lemma = "fang_FC9",
       .coq_note = kCoqNote},
      exact_with(
          [I](const Attempt& a) { return degree_profile_outcome(I->mono, I->embedding, a.result("F-C4").verdict); }));
  ch.add(
      {.id = "F-C9-need",
       .claim = "with k-1 blocks every read-out has total degree <= k-1 < deg p: this construction needs all k blocks",
       .symbols = "deg(read-out after k-1 blocks) < deg p",
       .relation = Relation::Less,
       .lhs_name = "degree bound after k-1 blocks",
       .rhs_name = "deg p",
       .reference = "P2",
       .status = "P2 (property of the construction)",
       .mode = "EX (degree pass)",
       .coq_lemma = "fang_FC9_need",
       .coq_note = kCoqNote},
      exact_with([I](const Attempt& a) {
        return needs_all_blocks_outcome(I->mono, I->embedding, I->c, a.result("F-C7").verdict);
      }));

  ch.add(
      {.id = "F-C10",
       .claim =
           "no training: the serialized embedding and blocks (E, W) built for p and for a second target p' are byte-identical; only the read-out differs",
       .symbols = "bytes(E, W | p) = bytes(E, W | p')",
       .relation = Relation::Equal,
       .lhs_name = "differing bytes",
       .rhs_name = "0",
       .reference = "2.6",
       .status = "P3",
       .mode = "EX",
       .coq_lemma = "fang_FC10",
       .coq_note = kCoqNote},
      chain::exact([I] {
        const std::string a = serialized_blocks(I->mono, I->c), b = serialized_blocks(I->mono, I->c_other);
        Outcome o(Side::exact(Rational(static_cast<long>(differing_bytes(a, b)))), Side::exact(Rational(0)));
        o.report("bytes of (E, W)", Side::exact(Rational(static_cast<long>(a.size()))));
        long differ = 0;
        for (std::size_t t = 0; t < I->c.size(); ++t) differ += I->c[t] != I->c_other[t] ? 1 : 0;
        o.report("read-out coefficients that differ between p and p'", Side::exact(Rational(differ)));
        return o;
      }));
  ch.add({.id = "F-C10-c",
          .claim = "the read-outs c of p and p' differ (the targets differ), so only c carries the target",
          .symbols = "#{t : c_t != c'_t} > 0",
          .relation = Relation::Greater,
          .lhs_name = "differing coefficients",
          .rhs_name = "0",
          .reference = "2.6",
          .status = "P3",
          .mode = "EX",
          .coq_lemma = "fang_FC10_c",
          .coq_note = kCoqNote},
         chain::exact([I] {
           long differ = 0;
           for (std::size_t t = 0; t < I->c.size(); ++t) differ += I->c[t] != I->c_other[t] ? 1 : 0;
           return Outcome(Side::exact(Rational(differ)), Side::exact(Rational(0)));
         }));

  add_ablation_steps(ch, I->mono, I->embedding, I->c, I->p, ablation_point, softmax_range, ln_range, ln_eps);
  // T_c(x) at a recorded point is output 0 of the blocks (with the read-out) on the embedded point.
  for (const char* id : {"F-C6", "F-C6-C", "F-C7-lattice"})
    ch.recheck_network(id, "lhs", I->blocks, "0", embedded_inputs(I->embedding, point_inputs(I->mono.d)));

  ch.add(
      {.id = "F-C14",
       .claim =
           "the learning bound (F11) has the factor N (log m + 1) / m with N = binomial(d+k, k), within the spec's rounding",
       .symbols = "N (log m + 1) / m in spec range",
       .relation = Relation::InClosed,
       .lhs_name = "N (log m + 1) / m",
       .rhs_name = "[spec low, spec high]",
       .reference = "(F11), 4.7",
       .status = "P5 (R form)",
       .mode = "CF",
       .coq_lemma = "fang_FC14",
       .coq_note = kCoqNote},
      chain::generic([N = I->c.size(), samples, learning_range]<class S>(const Attempt& a) {
        S m, one, n, lm, v;
        set(m, count_q(samples), a.prec);
        set(one, Rational(1), a.prec);
        set(n, count_q(N), a.prec);
        log(lm, m, a.prec);
        add(lm, lm, one, a.prec);
        mul(v, lm, n, a.prec);
        div(v, v, m, a.prec);
        return Outcome::in_range(
            Side::enclosure(v).rechecked_by(std::to_string(N) + "*(log(x0) + 1)/x0", {"parameter:samples"}),
            Side::exact(learning_range[0]), Side::exact(learning_range[1]));
      }));
  return ch;
}

}  // namespace approxcert::theorems::fang2022
