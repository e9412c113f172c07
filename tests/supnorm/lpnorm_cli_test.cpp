// `approxcert lpnorm` end to end: closed-form answers (the network x against x^2 on [0,1]: the
// integral of |x^2 - x|^p is (p!)^2/(2p+1)!, 1/6 for p = 1), bad input (exit 2, one message, no
// certificate written), --p inf through the sup-norm engine, and lpnorm certificates: `verify`
// accepts a genuine one and rejects every forgery (leaf bounds checked against the exact minimum
// and maximum of |x^2 - x| on each recorded leaf, computed here with rationals), a missing leaf and
// a changed input byte.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "io/certificate_envelope.hpp"
#include "scalar/rational.hpp"

using namespace approxcert;
using namespace approxcert::supnorm_test;
namespace fs = std::filesystem;

namespace {

using Json = nlohmann::json;

Rational num(const Json& j) { return parse_rational(j.get<std::string>()); }

// min and max of |x^2 - x| = x - x^2 on [a, b] in [0, 1], exactly (concave: min at an end).
std::pair<Rational, Rational> exact_range(const Rational& a, const Rational& b) {
  auto g = [](const Rational& x) { return x - x * x; };
  const Rational half = Rational(1) / Rational(2);
  const Rational mx = (a <= half && half <= b) ? g(half) : max(g(a), g(b));
  return {min(g(a), g(b)), mx};
}

}  // namespace

TEST_CASE("lpnorm CLI: closed forms, --normalize, --json and --p inf") {
  ScratchDir s("lpnorm-cli");
  s.write("net.json", identity_net());
  const Run r = run_cli("lpnorm --net " + s.path("net.json") +
                            " --target 'x0^2' --domain '[0,1]' --p 1 --rel-tol 1e-2 --method leaf-sums --json -q",
                        s);
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["form"] == "integral");
  CHECK(num(j["lower"]) <= Rational(1) / Rational(6));
  CHECK(Rational(1) / Rational(6) <= num(j["upper"]));
  CHECK(num(j["integral"]["lower"]) <= Rational(1) / Rational(6));

  // p = 2 on [0,2]: the integral of (x^2 - x)^2 is 32/5 - 8 + 8/3 = 16/15; normalised: 8/15.
  const Run n =
      run_cli("lpnorm --approx x --target 'x^2' --domain '[0,2]' --p 2 --normalize --rel-tol 1e-2 --json -q", s);
  REQUIRE(n.status == 0);
  const Json jn = Json::parse(n.out);
  CHECK(jn["form"] == "normalized");
  CHECK(pow_int(num(jn["lower"]), 2) <= Rational(8) / Rational(15));
  CHECK(Rational(8) / Rational(15) <= pow_int(num(jn["upper"]), 2));

  const Run text =
      run_cli("lpnorm --approx x --target 'x^2' --domain '[0,1]' --p 2 --rel-tol 1e-2 --method leaf-sums -q", s);
  CHECK(text.status == 0);
  CHECK(text.out.find("L^2 norm (integral |target - approx|^2)^(1/2) on [0,1] in [") == 0);
  CHECK(text.out.find("method leaf sums") != std::string::npos);

  // --p inf: the sup-norm engine (sup |x^2 - x| on [0,1] = 1/4), and a supnorm certificate.
  const Run inf =
      run_cli("lpnorm --approx x --target 'x^2' --domain '[0,1]' --p inf --json -q --cert " + s.path("inf.json"), s);
  REQUIRE(inf.status == 0);
  const Json ji = Json::parse(inf.out);
  CHECK(ji["p"] == "inf");
  CHECK(ji["method"] == "sup-norm engine");
  CHECK(num(ji["lower"]) <= Rational(1) / Rational(4));
  CHECK(Rational(1) / Rational(4) <= num(ji["upper"]));
  CHECK(read_json(s.path("inf.json"))["kind"] == "supnorm");
  CHECK(run_cli("verify " + s.path("inf.json"), s).status == 0);

  // A budget that ends the run: exit 3, the bounds still enclose 1/6.
  const Run b =
      run_cli("lpnorm --approx x --target 'x^2' --domain '[0,1]' --p 1 --rel-tol 0 --max-boxes 20 --json -q", s);
  CHECK(b.status == 3);
  const Json jb = Json::parse(b.out);
  CHECK(jb["status"] == "budget_exhausted");
  CHECK(num(jb["lower"]) <= Rational(1) / Rational(6));
  CHECK(Rational(1) / Rational(6) <= num(jb["upper"]));
}

TEST_CASE("lpnorm CLI: bad input gives exit 2, one message naming the option, and no certificate") {
  ScratchDir s("lpnorm-bad");
  const std::string base = "lpnorm --approx x --target 'x^2' --cert " + s.path("c.json") + " ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--domain '[0,1]' --p 0", "--p"},
      {"--domain '[0,1]' --p -1", "--p"},
      {"--domain '[0,1]' --p 2.5", "--p"},
      {"--domain '[0,1]' --p 1/2", "--p"},
      {"--domain '[0,1]' --p nan", "--p"},
      {"--domain '[0,1]' --p 1001", "--p"},
      {"--domain '[0,1]' --p ''", "--p"},
      {"--domain '[0,1]'", "--p"},
      {"--domain '[1,1]' --p 2", "zero volume"},
      {"--domain '[0,pi]' --p 2", "exact endpoints"},
      {"--domain '[0,1]x[0,1]' --p 2", "variable 'x'"},
      {"--domain '[0,1]' --p 2 --rel-tol -1", "--rel-tol"},
      {"--domain '[0,1]' --p 2 --max-boxes 0", "--max-boxes"},
  };
  for (const auto& [args, what] : cases) {
    CAPTURE(args);
    const Run r = run_cli(base + args, s);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(what) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') <= 3);
    CHECK_FALSE(fs::exists(s.path("c.json")));
  }
}

TEST_CASE("verify: lpnorm certificates are re-checked, and every forgery is rejected") {
  ScratchDir s("lpnorm-forged");
  s.write("net.json", identity_net());
  const std::string cert_path = s.path("lp.json");
  REQUIRE(run_cli("lpnorm --net " + s.path("net.json") +
                      " --target 'x0^2' --domain '[0,1]' --p 2 --rel-tol 1e-2 --method leaf-sums -q --cert " +
                      cert_path,
                  s)
              .status == 0);
  const Json cert = read_json(cert_path);
  REQUIRE(cert["kind"] == "lpnorm");
  const Run ok = run_cli("verify " + cert_path, s);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("OK") == 0);
  CHECK(run_cli("verify --no-recompute " + cert_path, s).status == 0);
  // The recorded numbers against the exact integral 1/30, and the recorded leaves against the
  // exact range of |x^2 - x| on each.
  const Rational exact = Rational(1) / Rational(30);
  CHECK(pow_int(num(cert["lower"]), 2) <= exact);
  CHECK(exact <= pow_int(num(cert["upper"]), 2));
  const auto leaves = leaf_intervals(cert["cover"], Rational(0), Rational(1));
  REQUIRE(leaves.size() == cert["cover"]["bounds"].size());
  REQUIRE(leaves.size() == cert["cover"]["lower_bounds"].size());
  REQUIRE(leaves.size() >= 4);

  std::vector<std::pair<std::string, std::string>> corpus;
  auto add = [&](const std::string& name, const std::function<void(Json&)>& edit) {
    corpus.emplace_back(name, forge(s, cert, name, edit));
  };
  add("lower", [](Json& c) { c["lower"] = c["upper"]; });
  add("upper", [](Json& c) { c["upper"] = c["lower"]; });
  add("integral-lower", [](Json& c) { c["integral"]["lower"] = c["integral"]["upper"]; });
  add("integral-upper", [](Json& c) { c["integral"]["upper"] = c["integral"]["lower"]; });
  add("p", [](Json& c) { c["p"] = 1; });
  add("normalized", [](Json& c) { c["normalized"] = true; });
  add("claim", [](Json& c) { c["claim"] = "lower <= (integral over the domain of |target - net|^2)^(1/2) <= 0"; });
  add("status", [](Json& c) { c["status"] = "budget_exhausted"; });
  add("gap", [](Json& c) { c["gap"]["absolute"] = "0"; });
  add("target", [](Json& c) { c["inputs"]["target"]["expression"] = "x0^2 + 1"; });
  add("network-hash", [](Json& c) { c["inputs"]["net"]["sha256"] = std::string(64, '0'); });
  add("cut-point", [](Json& c) { c["cover"]["cuts"][0] = Json::array({0, "2"}); });
  std::size_t leaf_forgeries = 0;
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const auto [mn, mx] = exact_range(leaves[k].first, leaves[k].second);
    CHECK(num(cert["cover"]["lower_bounds"][k]) <= mn);  // the engine's leaf bounds are sound
    CHECK(mx <= num(cert["cover"]["bounds"][k]));
    // Forge five leaves spread over the cover (each forgery costs a verify run).
    if (mx.sign() == 0 || k % ((leaves.size() + 4) / 5) != 0) continue;
    // M below the true maximum; m above the true minimum.
    add("leaf-upper-" + std::to_string(k),
        [&](Json& c) { c["cover"]["bounds"][k] = decimal_down(mx * Rational(9) / Rational(10), 17); });
    add("leaf-lower-" + std::to_string(k),
        [&](Json& c) { c["cover"]["lower_bounds"][k] = decimal_up((mn + mx) / Rational(2), 17); });
    leaf_forgeries += 2;
  }
  CHECK(leaf_forgeries >= 8);  // at least four leaves, both ends
  // The second-order leaf integrals (leaves where x - x^2 > 0 is certified): each recorded [lo, hi]
  // against the exact integral of (x - x^2)^2 over the leaf; five forged on each side.
  REQUIRE(cert["cover"]["integrals"].size() == leaves.size());
  std::size_t integrals = 0, integral_forgeries = 0;
  for (std::size_t k = 0; k < leaves.size(); ++k) {
    const Json& I = cert["cover"]["integrals"][k];
    if (I.is_null()) continue;
    const auto prim = [](const Rational& x) {
      return pow_int(x, 3) / Rational(3) - pow_int(x, 4) / Rational(2) + pow_int(x, 5) / Rational(5);
    };
    const Rational exact_leaf = prim(leaves[k].second) - prim(leaves[k].first);
    CHECK(num(I[0]) <= exact_leaf);
    CHECK(exact_leaf <= num(I[1]));
    if (integrals++ % 7 != 0 || integral_forgeries >= 10) continue;
    if (!(num(I[0]) < exact_leaf && exact_leaf < num(I[1]))) continue;
    // Between the exact value and the recorded other end (so the pair stays ordered).
    const std::string below = decimal_down((num(I[0]) + exact_leaf) / Rational(2), 17);
    const std::string above = decimal_up((exact_leaf + num(I[1])) / Rational(2), 17);
    REQUIRE(parse_rational(below) < exact_leaf);
    REQUIRE(exact_leaf < parse_rational(above));
    add("leaf-integral-upper-" + std::to_string(k), [&](Json& c) { c["cover"]["integrals"][k][1] = below; });
    add("leaf-integral-lower-" + std::to_string(k), [&](Json& c) { c["cover"]["integrals"][k][0] = above; });
    integral_forgeries += 2;
  }
  CHECK(integrals * 2 >= leaves.size());  // most leaves have one (all but those at the zeros 0 and 1)
  CHECK(integral_forgeries >= 6);
  for (const auto& [name, path] : corpus) {
    CAPTURE(name);
    const Run r = run_cli("verify " + path, s);
    CHECK(r.status == 1);
    CHECK(r.out.find("FAILED") == 0);
  }

  // A missing leaf: the last leaf dropped from the tree and both bound lists (the encoding no longer
  // describes a cover): refused with the JSON path named.
  const std::string missing = forge(s, cert, "missing-leaf", [](Json& c) {
    std::string t = c["cover"]["tree"];
    t.pop_back();
    c["cover"]["tree"] = t;
    c["cover"]["bounds"].erase(c["cover"]["bounds"].size() - 1);
    c["cover"]["lower_bounds"].erase(c["cover"]["lower_bounds"].size() - 1);
    c["cover"]["leaves"] = c["cover"]["leaves"].get<std::size_t>() - 1;
  });
  const Run m = run_cli("verify " + missing, s);
  CHECK(m.status != 0);
  CHECK((m.err + m.out).find("/cover") != std::string::npos);
  // The same with the tree kept consistent in length: a leaf bound list one short.
  const std::string short_lows = forge(s, cert, "short-lower-bounds", [](Json& c) {
    c["cover"]["lower_bounds"].erase(c["cover"]["lower_bounds"].size() - 1);
  });
  const Run sl = run_cli("verify " + short_lows, s);
  CHECK(sl.status == 2);
  CHECK(sl.err.find("/cover/lower_bounds") != std::string::npos);

  // A changed input byte: the network file (one weight), given with --net.
  check_changed_network_refused(s, cert_path);
}

TEST_CASE("verify: two-input leaf integrals (a negative error, p = 3) are re-proved, and a collapsed one is rejected") {
  // error = x0 x1 - 2 < 0 on [0,1]^2; the exact integral of |error|^3 is
  // E[(2 - x0 x1)^3] = 8 - 12/4 + 6/9 - 1/16 (E[(x0 x1)^k] = 1/(k+1)^2 on the unit square).
  ScratchDir s("lpnorm-2d");
  const std::string cert_path = s.path("lp.json");
  const Run run =
      run_cli("lpnorm --approx 2 --target 'x0*x1' --domain '[0,1]^2' --p 3 --rel-tol 1e-2 -q --cert " + cert_path, s);
  REQUIRE(run.status == 0);
  const Json cert = read_json(cert_path);
  const Rational exact = Rational(8) - Rational(3) + Rational(2) / Rational(3) - Rational(1) / Rational(16);
  CHECK(num(cert["integral"]["lower"]) <= exact);
  CHECK(exact <= num(cert["integral"]["upper"]));
  const Run ok = run_cli("verify " + cert_path, s);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("recorded leaf integrals") != std::string::npos);
  // [lo, lo]: |error|^3 is not constant on any leaf, so no leaf's integral equals its strict lower bound.
  const Json& integrals = cert["cover"]["integrals"];
  std::size_t k = 0;
  while (k < integrals.size() && integrals[k].is_null()) ++k;
  REQUIRE(k < integrals.size());
  const std::string collapsed = forge(s, cert, "collapsed-integral",
                                      [&](Json& c) { c["cover"]["integrals"][k][1] = c["cover"]["integrals"][k][0]; });
  const Run bad = run_cli("verify " + collapsed, s);
  CHECK(bad.status == 1);
  CHECK(bad.out.find("recorded integral") != std::string::npos);
  // An entry that is neither null nor a pair: bad input, the JSON path named.
  const std::string malformed =
      forge(s, cert, "malformed-integral", [&](Json& c) { c["cover"]["integrals"][k] = "1"; });
  const Run mal = run_cli("verify " + malformed, s);
  CHECK(mal.status == 2);
  CHECK(mal.err.find("/cover/integrals/" + std::to_string(k)) != std::string::npos);
}

TEST_CASE("verify: an lpnorm certificate of Arb's integration is re-checked, and forgeries are rejected") {
  ScratchDir s("lpnorm-arb");
  const std::string cert_path = s.path("arb.json");
  const Run r = run_cli(
      "lpnorm --approx x --target 'x^2' --domain '[0,1]' --p 2 --rel-tol 1e-6 --json -q --cert " + cert_path, s);
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["method"] == "Arb integration (acb_calc_integrate)");
  const Json cert = read_json(cert_path);
  CHECK(cert["method"] == "arb_integration");
  CHECK(cert["cover"].is_null());
  // The exact integral of (x - x^2)^2 over [0,1] is 1/30.
  const Rational exact = Rational(1) / Rational(30);
  CHECK(num(cert["integral"]["lower"]) <= exact);
  CHECK(exact <= num(cert["integral"]["upper"]));
  CHECK(pow_int(num(cert["lower"]), 2) <= exact);
  CHECK(exact <= pow_int(num(cert["upper"]), 2));
  const Run ok = run_cli("verify " + cert_path, s);
  CHECK(ok.status == 0);
  CHECK(ok.out.find("acb_calc_integrate run again") != std::string::npos);
  const Run quick = run_cli("verify --no-recompute " + cert_path, s);
  CHECK(quick.status == 0);
  CHECK(quick.out.find("NOT re-computed") != std::string::npos);

  // Rejected (exit 1): numbers that the re-run integration or the powers contradict, and the claim
  // of a leaf cover that was not recorded.
  const std::vector<std::pair<std::string, std::function<void(Json&)>>> refuted = {
      {"integral-lower",
       [&](Json& c) { c["integral"]["lower"] = decimal_up(exact * Rational(1001) / Rational(1000), 17); }},
      {"integral-upper",
       [&](Json& c) { c["integral"]["upper"] = decimal_down(exact * Rational(999) / Rational(1000), 17); }},
      {"lower", [](Json& c) { c["lower"] = c["upper"]; }},
      {"method",
       [](Json& c) {
         c["method"] = "leaf_sums";
         c.erase("integration");
       }},
  };
  for (const auto& [name, edit] : refuted) {
    CAPTURE(name);
    const Run v = run_cli("verify " + forge(s, cert, name, edit), s);
    CHECK(v.status == 1);
    CHECK(v.out.find("FAILED") == 0);
  }
  // Malformed (exit 2, the JSON path named): settings over the limits, an unknown method, a cover.
  const std::vector<std::tuple<std::string, std::function<void(Json&)>, std::string>> malformed = {
      {"prec", [](Json& c) { c["integration"]["prec"] = 100000; }, "/integration/prec"},
      {"tol", [](Json& c) { c["integration"]["tol_exponent"] = 5; }, "/integration/tol_exponent"},
      {"unknown-method", [](Json& c) { c["method"] = "monte_carlo"; }, "/method"},
      {"cover", [](Json& c) { c["cover"] = Json::object(); }, "/cover"},
      {"integration-with-leaf-sums", [](Json& c) { c["method"] = "leaf_sums"; }, "/integration"},
  };
  for (const auto& [name, edit, where] : malformed) {
    CAPTURE(name);
    const Run v = run_cli("verify " + forge(s, cert, name, edit), s);
    CHECK(v.status == 2);
    CHECK(v.err.find(where) != std::string::npos);
  }
  // --method arb where Arb cannot run (an endpoint that is not a dyadic): exit 3 with [0, inf), and
  // its certificate, which claims nothing, verifies.
  const Run nd = run_cli(
      "lpnorm --approx x --target 'x^2' --domain '[0,1/3]' --p 2 --method arb -q --cert " + s.path("nd.json"), s);
  CHECK(nd.status == 3);
  CHECK(read_json(s.path("nd.json"))["upper"] == "inf");
  CHECK(run_cli("verify " + s.path("nd.json"), s).status == 0);
  // --method arb needs one input.
  const Run two = run_cli("lpnorm --approx x0 --target 'x0*x1' --domain '[0,1]^2' --p 2 --method arb -q", s);
  CHECK(two.status == 2);
  CHECK(two.err.find("approxcert: lpnorm: --method arb") == 0);
}
