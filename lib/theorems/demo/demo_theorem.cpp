#include "theorems/demo/demo_theorem.hpp"

namespace approxcert::theorems::demo {

using namespace chain;

namespace {

// No lemma of proofs/ combines the demo steps; `approxcert coq` exports their leaves only.
const char* const kCoqNote = "demo theorem: elementary leaves only";

Chain build_demo(const Parameters& p) {
  const Rational b = p.rational("b");
  const std::uint64_t n = p.count("n");
  const std::uint64_t m = p.count("m");
  if (m < 1) p.fail("m", "must be at least 1");
  if (m > 10000) p.fail("m", "must be at most 10000 (a demo)");
  if (n > 1000000) p.fail("n", "must be at most 10^6 (a demo)");

  Chain c;
  c.add({.id = "D1",
         .claim = "Euler's number is at most b",
         .symbols = "e <= b",
         .relation = Relation::LessEqual,
         .lhs_name = "e",
         .rhs_name = "b",
         .reference = "demo",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "demo_D1",
         .coq_note = kCoqNote},
        generic([b]<class S>(const Attempt& a) {
          S one, e;
          set(one, Rational(1), a.prec);
          exp(e, one, a.prec);
          return Outcome(Side::enclosure(e, "exp(1)").rechecked_by("exp(1)", {}),
                         Side::exact(b).rechecked_by("x0", {"parameter:b"}));
        }));
  c.add({.id = "D2",
         .claim = "pi lies between 3 and b + 1/2",
         .symbols = "pi in [3, b + 1/2]",
         .relation = Relation::InClosed,
         .lhs_name = "pi",
         .rhs_name = "[3, b + 1/2]",
         .reference = "demo",
         .status = "P",
         .mode = "CF",
         .coq_lemma = "demo_D2",
         .coq_note = kCoqNote},
        generic([b]<class S>(const Attempt& a) {
          S pi;
          set_pi(pi, a.prec);
          return Outcome::in_range(
              Side::enclosure(pi).rechecked_by("pi", {}), Side::exact(3).rechecked_by("3", {}),
              Side::exact(b + Rational(1) / Rational(2)).rechecked_by("x0 + 1/2", {"parameter:b"}));
        }));
  c.add({.id = "D3",
         .claim = "the sum of the first n integers is n(n+1)/2",
         .symbols = "sum_{k=1}^n k = n(n+1)/2",
         .relation = Relation::Equal,
         .lhs_name = "sum",
         .rhs_name = "n(n+1)/2",
         .reference = "demo",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "demo_D3",
         .coq_note = kCoqNote},
        exact([n] {
          Rational sum(0);
          for (std::uint64_t k = 1; k <= n; ++k) sum += Rational(static_cast<long>(k));
          const Rational nn(static_cast<long>(n));
          // The loop sum is not an expression: verify re-decides it from the recorded number only.
          return Outcome(Side::exact(sum),
                         Side::exact(nn * (nn + 1) / Rational(2)).rechecked_by("x0*(x0+1)/2", {"parameter:n"}))
              .report("n", Side::exact(nn).rechecked_by("x0", {"parameter:n"}));
        }));
  c.add({.id = "D4",
         .claim = "sin x is at least x - x^3/6 at every grid point x = i/m",
         .symbols = "sin(i/m) >= i/m - (i/m)^3/6, i = 1..m",
         .relation = Relation::GreaterEqual,
         .lhs_name = "sin x",
         .rhs_name = "x - x^3/6",
         .reference = "demo",
         .status = "R",
         .mode = "EX",
         .coq_lemma = "demo_D4",
         .coq_note = kCoqNote},
        generic([m]<class S>(const Attempt& a) {
          ForAll fa = a.for_all();
          for (std::uint64_t i = 1; i <= m; ++i) {
            const Rational x = Rational(static_cast<long>(i)) / Rational(static_cast<long>(m));
            S xs, s;
            set(xs, x, a.prec);
            sin(s, xs, a.prec);
            // Rechecked at the decisive point only (verify does not re-run the other points).
            fa.add(Point{}.add("x", x), Side::enclosure(s).rechecked_by("sin(x0)", {"at:x"}),
                   Side::exact(x - pow_int(x, 3) / Rational(6)).rechecked_by("x0 - x0*x0*x0/6", {"at:x"}));
          }
          return fa.outcome();
        }));
  c.add({.id = "D5",
         .claim = "e + pi is below 6, from the enclosures of D1 and D2",
         .symbols = "e + pi < 6",
         .relation = Relation::Less,
         .lhs_name = "e + pi",
         .rhs_name = "6",
         .reference = "demo",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "demo_D5",
         .coq_note = kCoqNote},
        generic([]<class S>(const Attempt& a) {
          const Enclosure& e = a.result("D1").outcome.lhs.value;
          const Enclosure& pi = a.result("D2").outcome.lhs.value;
          const Side six = Side::exact(6).rechecked_by("6", {});
          if (!e.bounded() || !pi.bounded()) return Outcome(Side::derived(Enclosure::whole_line()), six);
          return Outcome(Side::derived(Enclosure::between(e.lower() + pi.lower(), e.upper() + pi.upper()),
                                       "sum of the enclosures of D1 and D2")
                             .rechecked_by("x0 + x1", {"step:D1:lhs", "step:D2:lhs"}),
                         six);
        }));
  c.add({.id = "D6",
         .claim = "the squares of the grid points are pairwise distinct",
         .symbols = "(i/m)^2 distinct",
         .relation = Relation::Distinct,
         .reference = "demo",
         .status = "P",
         .mode = "EX",
         .coq_lemma = "demo_D6",
         .coq_note = kCoqNote},
        exact([m] {
          std::vector<Side> squares;
          for (std::uint64_t i = 0; i <= m; ++i)
            squares.push_back(Side::exact(pow_int(Rational(static_cast<long>(i)) / Rational(static_cast<long>(m)), 2)));
          return distinct(squares);
        }));
  c.add({.id = "D7",
         .claim = "the tail of the series of 1/k^2 after m terms is at most 2/m",
         .symbols = "sum_{k>m} 1/k^2 <= 2/m",
         .relation = Relation::LessEqual,
         .lhs_name = "tail",
         .rhs_name = "2/m",
         .reference = "demo",
         .status = "R",
         .mode = "CF",
         .coq_lemma = "demo_D7",
         .coq_note = kCoqNote},
        exact([m] {
          const Rational mm(static_cast<long>(m));
          // Integral comparison: 1/(m+1) <= sum_{k>m} 1/k^2 <= 1/m: a genuinely two-sided bound.
          return Outcome(Side::derived(Enclosure::between(Rational(1) / (mm + 1), Rational(1) / mm),
                                       "integral comparison 1/(m+1) <= tail <= 1/m"),
                         Side::exact(Rational(2) / mm).rechecked_by("2/x0", {"parameter:m"}));
        }));
  return c;
}

}  // namespace

void register_demo_theorem(TheoremRegistry& registry) {
  registry.add({.name = "demo/constants",
                .paper = "demo",
                .title = "Demo: elementary facts about e and pi",
                .statement = "For a bound $b$ and integers $n, m$: $e \\le b$, $\\pi \\in [3, b + 1/2]$, "
                             "$\\sum_{k=1}^n k = n(n+1)/2$, $\\sin x \\ge x - x^3/6$ at the grid points $x = i/m$, "
                             "$e + \\pi < 6$, and the squares $(i/m)^2$ are pairwise distinct. A test theorem: every "
                             "claim is elementary, so a wrong verdict is a bug in the engine."},
               build_demo);
}

}  // namespace approxcert::theorems::demo
