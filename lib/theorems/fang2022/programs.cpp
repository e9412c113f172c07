#include "theorems/fang2022/programs.hpp"

#include <algorithm>
#include <stdexcept>

#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lower.hpp"

namespace approxcert::theorems::fang2022 {

Program composed_program(const Network& embedding, const Network& blocks, bool only_first) {
  const std::size_t d = embedding.input.dim;
  Program prog(d);
  std::vector<NodeId> x;
  for (std::size_t i = 0; i < d; ++i) x.push_back(prog.input(i));
  const std::vector<NodeId> h = lower_into(prog, embedding, x);
  std::vector<NodeId> out = lower_into(prog, blocks, h);
  if (only_first) out.resize(1);
  prog.set_outputs(std::move(out));
  return prog;
}

Program expressions_program(const std::vector<std::string>& expressions, std::size_t d) {
  Program p(d);
  std::vector<NodeId> vars;
  for (std::size_t i = 0; i < d; ++i) vars.push_back(p.input(i));
  std::vector<NodeId> outs;
  for (const std::string& e : expressions) outs.push_back(compile_expression(e, p, vars));
  p.set_outputs(std::move(outs));
  return p;
}

std::vector<std::string> expected_stream(const Monomials& mono, std::size_t blocks) {
  const Layout L = layout(mono);
  std::vector<std::string> out;
  out.reserve(L.n * L.D);
  for (std::size_t j = 0; j < L.n; ++j) {
    std::vector<std::string> col(L.D, "0");
    col[L.pos(j)] = "1";
    for (std::size_t l = 0; l <= std::min(blocks, mono.k); ++l)
      for (std::size_t t = 0; t < mono.m(l); ++t) col[L.r(l, t)] = monomial_text(mono.A[l][t]);
    for (std::size_t l = 0; l < mono.k; ++l) {
      if (j >= mono.m(l + 1)) continue;
      const auto [ia, b] = mono.pairs[l][j];
      col[L.key(l, ia)] = b == 0 ? "1" : "x" + std::to_string(b - 1);
    }
    out.insert(out.end(), col.begin(), col.end());
  }
  return out;
}

std::vector<std::vector<Rational>> lattice(const Monomials& mono) {
  std::vector<std::vector<std::size_t>> points;
  for (const Tuple& a : mono.A[mono.k]) points.push_back(exponents(a, mono.d));
  std::sort(points.begin(), points.end());
  std::vector<std::vector<Rational>> out;
  for (const auto& p : points) {
    std::vector<Rational> q;
    for (const std::size_t v : p) q.emplace_back(static_cast<long>(v));
    out.push_back(std::move(q));
  }
  return out;
}

ExactMatrix lattice_vandermonde(const Monomials& mono) {
  const auto points = lattice(mono);
  const std::vector<Tuple>& monos = mono.A[mono.k];
  ExactMatrix V(static_cast<long>(points.size()), static_cast<long>(monos.size()));
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t t = 0; t < monos.size(); ++t) {
      const std::vector<std::size_t> alpha = exponents(monos[t], mono.d);
      Rational v(1);
      for (std::size_t c = 0; c < mono.d; ++c) v *= pow_int(points[i][c], static_cast<long>(alpha[c]));
      V.set(static_cast<long>(i), static_cast<long>(t), v);
    }
  return V;
}

std::vector<Rational> interpolated_readout(const Monomials& mono, const Program& target) {
  const auto points = lattice(mono);
  ExactMatrix rhs(static_cast<long>(points.size()), 1);
  for (std::size_t i = 0; i < points.size(); ++i)
    rhs.set(static_cast<long>(i), 0, evaluate<Rational>(target, std::span<const Rational>(points[i]), Prec(64)).at(0));
  const std::optional<ExactMatrix> c = solve(lattice_vandermonde(mono), rhs);
  if (!c) throw std::logic_error("interpolated_readout: the lattice Vandermonde matrix is singular");
  std::vector<Rational> out;
  for (long t = 0; t < c->rows(); ++t) out.push_back(c->at(t, 0));
  return out;
}

}  // namespace approxcert::theorems::fang2022
