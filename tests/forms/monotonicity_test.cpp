// The monotonicity test (forms/monotonicity.hpp) in the sup-norm engine and in `verify`:
//  - the widened box and the boundary faces, exactly;
//  - the hole it closes: 1 - |x| has its maximum on a kink at a box edge, where the Jet over the
//    box alone sees one sign on each side;
//  - functions with known maxima in the interior, on a face, on an edge and at a corner, against
//    their exact values (the test must fire where it can and the enclosure must hold);
//  - random networks (smooth, kinked, jumping) against random networks, d = 1..3, against the
//    independent reference interpreter (MPFR, reference_interpreter.hpp): the certified upper end
//    is never below |error| at grid and random points, the witness's reference error is >= lower;
//  - the same result for 1 and 2 threads;
//  - certificates with monotonicity nodes pass `verify`; forged ones (sign, coordinate, a face
//    dropped, the maximiser's leaf claimed eliminated) are rejected.
#include <doctest/doctest.h>

#include <string>

#include "../supnorm/cli_support.hpp"
#include "../test_multiplier.hpp"
#include "forms/monotonicity.hpp"
#include "net/lower.hpp"
#include "problem/error_program.hpp"
#include "reference/programs.hpp"
#include "reference/reference_interpreter.hpp"
#include "supnorm/bounder.hpp"
#include "supnorm/supnorm.hpp"

using namespace approxcert;
using namespace approxcert::test;
using namespace approxcert::supnorm_test;

namespace {

using Json = nlohmann::json;

Box box2(const Rational& a0, const Rational& b0, const Rational& a1, const Rational& b1) {
  return Box{{a0, a1}, {b0, b1}};
}

SupNormResult run(const std::string& f, const Box& domain, bool monotonicity, const char* rel_tol = "1e-6") {
  SupNormOptions o;
  o.rel_tol = parse_rational(rel_tol);
  o.threads = 1;
  o.monotonicity = monotonicity;
  return sup_norm(expression_error_program("0", f, domain.dim()), domain, o);
}

// The exact maximum `m` of |f| lies in the certified enclosure, which is within the tolerance.
void check_known_max(const std::string& f, const Box& domain, const Rational& m, bool expect_fired) {
  CAPTURE(f);
  for (const bool on : {true, false}) {
    CAPTURE(on);
    const SupNormResult r = run(f, domain, on);
    REQUIRE(r.upper.has_value());
    CHECK(r.lower <= m);
    CHECK(m <= *r.upper);
    CHECK(r.status == SupNormStatus::Converged);
    if (!on) CHECK(r.monotone_eliminated + r.monotone_faces == 0);
    if (on && expect_fired) CHECK(r.monotone_eliminated + r.monotone_faces > 0);
  }
}

}  // namespace

TEST_CASE("monotonicity: the widened box and the boundary faces") {
  const Box domain = box2(frac(-1, 1), frac(1, 1), frac(0, 1), frac(1, 1));
  const Box inside = box2(frac(-1, 2), frac(1, 2), frac(0, 1), frac(1, 4));
  const Box w = monotonicity_box(inside, domain);
  const Rational m0 = frac(1, 1 << 20), m1 = frac(1, 4) / Rational(1 << 20);
  CHECK(w.lo[0] == frac(-1, 2) - m0);
  CHECK(w.hi[0] == frac(1, 2) + m0);
  CHECK(w.lo[1] == Rational(0));  // clipped to the domain
  CHECK(w.hi[1] == frac(1, 4) + m1);
  const Box face = box2(frac(1, 1), frac(1, 1), frac(0, 1), frac(1, 2));  // zero width: kept
  CHECK(monotonicity_box(face, domain).lo[0] == Rational(1));
  CHECK(monotonicity_box(face, domain).hi[0] == Rational(1));

  CHECK(boundary_faces(inside, domain, 0).empty());
  const std::vector<Box> f1 = boundary_faces(inside, domain, 1);
  REQUIRE(f1.size() == 1);
  CHECK(f1[0] == box2(frac(-1, 2), frac(1, 2), frac(0, 1), frac(0, 1)));
  const std::vector<Box> both = boundary_faces(domain, domain, 0);
  REQUIRE(both.size() == 2);
  CHECK(both[0] == box2(frac(-1, 1), frac(-1, 1), frac(0, 1), frac(1, 1)));
  CHECK(both[1] == box2(frac(1, 1), frac(1, 1), frac(0, 1), frac(1, 1)));
}

TEST_CASE("monotonicity: a kink on a box edge is seen through the widened box (1 - |x|)") {
  const Box domain{{frac(-1, 1)}, {frac(1, 1)}};
  const Program prog = expression_error_program("0", "1 - abs(x0)", 1);
  for (const bool fast : {false, true}) {
    CAPTURE(fast);
    BounderOptions o;
    o.monotonicity_domain = domain;
    o.fast_path = fast;
    o.taylor_model_order = 0;
    auto b = make_bounder(prog, Prec(64), Arithmetic::Interval, o);
    // On [-1/2, 0] the Jet over the box alone gives f' = 1: the maximum at 0 would be lost.
    CHECK_FALSE(b->bound(Box{{frac(-1, 2)}, {frac(0, 1)}}, Rational(0)).monotone.has_value());
    CHECK_FALSE(b->bound(Box{{frac(0, 1)}, {frac(1, 2)}}, Rational(0)).monotone.has_value());
    const BoxBounds inner = b->bound(Box{{frac(-1, 2)}, {frac(-1, 4)}}, Rational(0));
    REQUIRE(inner.monotone.has_value());
    CHECK(inner.monotone->sign == 1);
    const BoxBounds edge = b->bound(Box{{frac(1, 4)}, {frac(1, 1)}}, Rational(0));
    REQUIRE(edge.monotone.has_value());
    CHECK(edge.monotone->sign == -1);
  }
  const SupNormResult r = run("1 - abs(x0)", domain, true);
  REQUIRE(r.upper.has_value());
  CHECK(Rational(1) <= *r.upper);
  CHECK(r.lower == Rational(1));  // (one box: the Taylor-model form settles it in 1-D)
}

TEST_CASE("monotonicity: known maxima in the interior, on a face, an edge and a corner (exact references)") {
  const Box half2 = box2(frac(-1, 2), frac(1, 2), frac(-1, 2), frac(1, 2));
  const Box one2 = cube(frac(-1, 1), frac(1, 1), 2), one3 = cube(frac(-1, 1), frac(1, 1), 3);
  const Box half3 = cube(frac(-1, 2), frac(1, 2), 3);
  // Interior: 1 at (1/4, -1/8) (|f| <= 3/64 at the corners), likewise in 3-D (|f| <= 46/64 there);
  // the second-order form is exact on a quadratic, so one box settles it and the test need not fire.
  check_known_max("1 - (x0 - 1/4)^2 - (x1 + 1/8)^2", half2, Rational(1), false);
  check_known_max("1 - (x0 - 1/4)^2 - (x1 + 1/8)^2 - (x2 - 3/8)^2", half3, Rational(1), false);
  // Interior, on kinks: 1 at (1/3, 0) (|f| <= 1/3 at the corners); 1 at (1/3, 0, -1/5) (|f| < 1/60 there).
  check_known_max("1 - abs(x0 - 1/3) - abs(x1)", half2, Rational(1), true);
  check_known_max("1 - abs(x0 - 1/3)/2 - abs(x1)/2 - abs(x2 + 1/5)/2", half3, Rational(1), true);
  // On the face x0 = 1: 4 at (1, 1/4); in 3-D 8 at (1, 1/4, -1/2).
  check_known_max("(3 + x0)*(1 - (x1 - 1/4)^2)", one2, Rational(4), true);
  check_known_max("(3 + x0)*(2 - (x1 - 1/4)^2/4 - (x2 + 1/2)^2/4)", one3, Rational(8), true);
  // On the edge x0 = 1, x1 = -1: 32 at (1, -1, 1/4).
  check_known_max("(3 + x0)*(3 - x1)*(2 - (x2 - 1/4)^2)", one3, Rational(32), true);
  // At a corner: 16 at (1, -1); 64 at (1, -1, 1).
  check_known_max("(3 + x0)*(3 - x1)", one2, Rational(16), true);
  check_known_max("(3 + x0)*(3 - x1)*(3 + x2)", one3, Rational(64), true);
  // A transcendental interior maximum: exp(0) = 1 at (1/4, -1/8).
  check_known_max("exp(-(x0 - 1/4)^2 - (x1 + 1/8)^2)", one2, Rational(1), false);
}

TEST_CASE("monotonicity: random networks against random networks, d = 1..3, against the MPFR reference") {
  RandomNetworks gen(20261129);
  std::uint64_t fired = 0, checked = 0;
  for (std::size_t d = 1; d <= 3; ++d) {
    const Box domain = cube(frac(-1, 1), frac(3, 4), d);
    for (Hidden kind : kAllHidden)
      for (int rep = 0; rep < approxcert::test::random_cases(2); ++rep) {
        const CheckedNetwork a = CheckedNetwork::check(gen.network(d, kind, 3), "random a");
        const CheckedNetwork b = CheckedNetwork::check(gen.network(d, rep ? Hidden::Tanh : kind, 3), "random b");
        const Program prog = net_vs_net_error_program(a, 0, b, 0);
        CAPTURE(d);
        CAPTURE(static_cast<int>(kind));
        CAPTURE(rep);
        SupNormOptions o;
        o.rel_tol = parse_rational("1e-3");
        o.max_boxes = 4000;
        o.threads = 1;
        const SupNormResult r = sup_norm(prog, domain, o);
        fired += r.monotone_eliminated + r.monotone_faces;
        REQUIRE(r.upper.has_value());
        std::vector<std::vector<Rational>> points = grid(domain, d == 3 ? 5 : 9);
        for (int k = 0; k < 40; ++k) points.push_back(gen.point(domain));
        REQUIRE(r.witness.has_value());
        const auto reference_error = [&](const std::vector<Rational>& x) {
          return reference_outputs(b, x)[0].value() - reference_outputs(a, x)[0].value();
        };
        for (const auto& x : points) {
          try {
            CHECK(abs(reference_error(x)) <= *r.upper);  // no slack
            ++checked;
          } catch (const ReferenceUndecided&) {
          }
        }
        try {
          // The reference is a 512-bit point value; lower is rounded down from a much wider enclosure.
          CHECK(r.lower <= abs(reference_error(*r.witness)));
        } catch (const ReferenceUndecided&) {
        }
      }
  }
  CHECK(fired > 100);  // the premise: the test fired on these problems
  CHECK(checked > 2000);
}

TEST_CASE("monotonicity: the same boxes, bounds and cover for 1 and 2 threads") {
  const Box domain = cube(frac(-1, 1), frac(1, 1), 2);
  const Program prog = expression_error_program("x0*x1", "sin(x0)*sin(x1) + x0/4", 2);
  SupNormOptions o;
  o.rel_tol = parse_rational("1e-6");
  o.max_cover_leaves = 100000;
  o.threads = 1;
  const SupNormResult one = sup_norm(prog, domain, o);
  o.threads = 2;
  const SupNormResult two = sup_norm(prog, domain, o);
  CHECK(one.boxes == two.boxes);
  CHECK(one.lower == two.lower);
  CHECK(one.upper == two.upper);
  CHECK(one.monotone_eliminated == two.monotone_eliminated);
  CHECK(one.monotone_faces == two.monotone_faces);
  CHECK(one.monotone_faces > 0);
  REQUIRE(one.cover.has_value());
  REQUIRE(two.cover.has_value());
  REQUIRE(one.cover->nodes.size() == two.cover->nodes.size());
  for (std::size_t k = 0; k < one.cover->nodes.size(); ++k) {
    CHECK(one.cover->nodes[k].first_child == two.cover->nodes[k].first_child);
    CHECK(one.cover->nodes[k].monotone == two.cover->nodes[k].monotone);
    CHECK(one.cover->nodes[k].upper == two.cover->nodes[k].upper);
  }
}

namespace {

// The boxes of a recorded 2-D cover's nodes in pre-order, with their kind (a decoder written here,
// independent of the library's): for 'M' nodes, the children are the faces on the domain's boundary.
struct DecodedNode {
  char kind;
  Box box;
};
std::vector<DecodedNode> decode(const Json& cover, const Box& domain) {
  const std::string tree = cover["tree"];
  std::vector<DecodedNode> out;
  std::size_t cut = 0, mono = 0, pos = 0;
  std::vector<Box> stack{domain};
  while (!stack.empty()) {
    Box b = stack.back();
    stack.pop_back();
    const char k = tree.at(pos++);
    out.push_back({k, b});
    if (k == 'S') {
      const Json& c = cover["cuts"][cut++];
      const std::size_t i = c.is_array() ? c[0].get<std::size_t>() : c.get<std::size_t>();
      const Rational at = c.is_array() ? parse_rational(c[1].get<std::string>()) : (b.lo[i] + b.hi[i]) / Rational(2);
      Box lo = b, hi = b;
      lo.hi[i] = at;
      hi.lo[i] = at;
      stack.push_back(hi);
      stack.push_back(lo);
    } else if (k == 'M') {
      const std::size_t i = cover["monotone"][mono++][0].get<std::size_t>();
      if (b.hi[i] == domain.hi[i]) {
        Box f = b;
        f.lo[i] = domain.hi[i];
        stack.push_back(f);
      }
      if (b.lo[i] == domain.lo[i]) {
        Box f = b;
        f.hi[i] = domain.lo[i];
        stack.push_back(f);
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("verify: supnorm certificates with monotonicity nodes pass, forged ones are rejected") {
  ScratchDir s("monotonicity-cert");
  // A corner maximum: the root is replaced by its faces x0 = -1, 1, each by its corners.
  const std::string corner = s.path("corner.cert.json");
  REQUIRE(run_cli("supnorm --approx 0 --target '(3 + x0)*(3 - x1)' --domain '[-1,1]^2' --cert " + corner, s).status ==
          0);
  // An interior maximum on kinks at (1/3, 0): boxes around it are eliminated.
  const std::string interior = s.path("interior.cert.json");
  REQUIRE(
      run_cli("supnorm --approx 0 --target '1 - abs(x0 - 1/3) - abs(x1)' --domain '[-1/2,1/2]^2' --cert " + interior, s)
          .status == 0);
  // Without the test: no monotonicity member at all (the format as before).
  const std::string off = s.path("off.cert.json");
  REQUIRE(
      run_cli("supnorm --no-monotonicity --approx 0 --target '(3 + x0)*(3 - x1)' --domain '[-1,1]^2' --cert " + off, s)
          .status == 0);
  const Json c = read_json(corner), in = read_json(interior);
  CHECK_FALSE(read_json(off)["cover"].contains("monotone"));
  CHECK(c["cover"]["tree"] == "MMLLMLL");
  CHECK(c["cover"]["monotone"] == Json::parse("[[0, 1], [1, -1], [1, -1]]"));
  REQUIRE(in["cover"].contains("monotone"));
  const Run ok = run_cli("verify " + corner + " " + interior + " " + off, s);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("monotonicity nodes re-proved") != std::string::npos);

  std::vector<std::pair<std::string, std::string>> corpus;
  corpus.emplace_back("sign", forge(s, c, "sign", [](Json& j) { j["cover"]["monotone"][0][1] = -1; }));
  corpus.emplace_back("coordinate", forge(s, c, "coordinate", [](Json& j) { j["cover"]["monotone"][0][0] = 1; }));
  // A face dropped: the face x0 = 1 of the root claimed eliminated (its corners removed).
  corpus.emplace_back("face-missing", forge(s, c, "face-missing", [](Json& j) {
                        j["cover"]["tree"] = "MMLLM";
                        j["cover"]["bounds"] = Json::array({j["cover"]["bounds"][0], j["cover"]["bounds"][1]});
                        j["cover"]["leaves"] = 2;
                      }));
  // A face left out: the root claimed to have only its face x0 = -1.
  corpus.emplace_back("face-left-out", forge(s, c, "face-left-out", [](Json& j) {
                        j["cover"]["tree"] = "MMLL";
                        j["cover"]["monotone"] = Json::array({j["cover"]["monotone"][0], j["cover"]["monotone"][1]});
                        j["cover"]["bounds"] = Json::array({j["cover"]["bounds"][0], j["cover"]["bounds"][1]});
                        j["cover"]["leaves"] = 2;
                      }));
  // The leaf holding the interior maximiser (1/3, 0) claimed eliminated, either sign.
  const Box half2 = box2(frac(-1, 2), frac(1, 2), frac(-1, 2), frac(1, 2));
  const std::vector<DecodedNode> nodes = decode(in["cover"], half2);
  std::size_t pos = 0;
  while (pos < nodes.size() &&
         !(nodes[pos].kind == 'L' && nodes[pos].box.lo[0] <= frac(1, 3) && frac(1, 3) <= nodes[pos].box.hi[0] &&
           nodes[pos].box.lo[1] <= Rational(0) && Rational(0) <= nodes[pos].box.hi[1]))
    ++pos;
  REQUIRE(pos < nodes.size());
  const std::string tree = in["cover"]["tree"];
  const auto count_before = [&](char k) {
    return static_cast<std::ptrdiff_t>(std::count(tree.begin(), tree.begin() + static_cast<std::ptrdiff_t>(pos), k));
  };
  for (const int sign : {1, -1}) {
    const std::string name = "maximiser-eliminated" + std::to_string(sign);
    corpus.emplace_back(
        name, forge(s, in, name, [&](Json& j) {
          std::string t = tree;
          t[pos] = 'M';
          j["cover"]["tree"] = t;
          j["cover"]["bounds"].erase(static_cast<std::size_t>(count_before('L')));
          j["cover"]["leaves"] = j["cover"]["leaves"].get<std::size_t>() - 1;
          j["cover"]["monotone"].insert(j["cover"]["monotone"].begin() + count_before('M'), Json::array({0, sign}));
        }));
  }
  for (const auto& [name, path] : corpus) {
    CAPTURE(name);
    const Run r = run_cli("verify " + path, s);
    CHECK(r.status == 1);
  }
}
