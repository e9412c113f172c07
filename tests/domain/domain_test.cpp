// Domains: both syntaxes with exact endpoints, canonical text, and every error class with its column.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "domain/domain.hpp"
#include "scalar/input_error.hpp"

using namespace approxcert;

namespace {

Rational q(std::string_view s) { return parse_rational(s); }

std::string error_of(std::string_view text) {
  try {
    parse_domain(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "<accepted>";
}

void check_error(std::string_view text, std::size_t column, std::string_view fragment) {
  const std::string msg = error_of(text);
  CAPTURE(text);
  CAPTURE(msg);
  const std::string prefix = "domain: column " + std::to_string(column) + ": ";
  CHECK(msg.rfind(prefix, 0) == 0);
  CHECK(msg.find(fragment) != std::string::npos);
}

}  // namespace

TEST_CASE("domain: [a,b]^D") {
  const Box b = parse_domain("[0,1]^3");
  REQUIRE(b.dim() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(b.lo[k] == 0);
    CHECK(b.hi[k] == 1);
  }
  CHECK(parse_domain("[-1/3,0.1]").dim() == 1);
  CHECK(parse_domain("[-1/3,0.1]").lo[0] == q("-1/3"));
  CHECK(parse_domain("[-1/3,0.1]").hi[0] == q("1/10"));
  CHECK(parse_domain(" [ -2 , 2 ] ^ 10000 ").dim() == 10000);
}

TEST_CASE("domain: products of intervals with exact endpoints") {
  const Box b = parse_domain("[-1/3, 0.5] x [0x1.8p-3,2e1]x[-3.5e-4,-3.5e-4]");
  REQUIRE(b.dim() == 3);
  CHECK(b.lo == std::vector<Rational>{q("-1/3"), q("3/16"), q("-7/20000")});
  CHECK(b.hi == std::vector<Rational>{q("1/2"), 20, q("-7/20000")});  // a degenerate interval is allowed

  const Box mixed = parse_domain("[0,1]^2x[-1,1]");
  REQUIRE(mixed.dim() == 3);
  CHECK(mixed.lo == std::vector<Rational>{0, 0, -1});
  CHECK(mixed.hi == std::vector<Rational>{1, 1, 1});
}

TEST_CASE("domain: canonical text round-trips exactly") {
  CHECK(format_domain(parse_domain("[0.0, 1]^3")) == "[0,1]^3");
  CHECK(format_domain(parse_domain("[-0.5,1/3]")) == "[-1/2,1/3]");
  CHECK(format_domain(parse_domain("[0,1]x[0.1,2]")) == "[0,1]x[1/10,2]");
  for (const char* text : {"[0,1]^3", "[-1/3, 0.5] x [0x1.8p-3,2e1]", "[1,1]", "[0,1]^2x[-1,1]"}) {
    const Box b = parse_domain(text);
    CHECK(parse_domain(format_domain(b)) == b);
  }
}

TEST_CASE("domain: dimension check against the expected input count") {
  const Box b = parse_domain("[0,1]^2");
  CHECK_NOTHROW(check_domain_dim(b, 2));
  CHECK_THROWS_WITH_AS(
      check_domain_dim(b, 3),
      "domain: has 2 intervals but 3 inputs are expected (one interval per input; [a,b]^3 repeats one)", InputError);
  CHECK_THROWS_AS(check_domain_dim(parse_domain("[0,1]"), 2), InputError);
}

TEST_CASE("domain errors: empty and inverted intervals") {
  CHECK(error_of("[2,1]") == "domain: column 1: empty interval: lower endpoint 2 > upper endpoint 1");
  check_error("[0,1]x[3, -3]", 7, "empty interval: lower endpoint 3 > upper endpoint -3");
  check_error("[1/3,0.33]", 1, "empty interval");
  CHECK(error_of("[1/3,1/3]") == "<accepted>");
}

TEST_CASE("domain errors: malformed text") {
  check_error("", 1, "empty domain");
  check_error("   ", 1, "empty domain");
  check_error("(0,1)", 1, "expected '[' to start an interval, got '('");
  check_error("[0,1", 1, "interval '[' is never closed");
  check_error("[0", 1, "interval '[' is never closed");
  check_error("[", 1, "interval '[' is never closed");
  check_error("[0]", 3, "expected ',' after the lower endpoint, got ']'");
  check_error("[0,1,2]", 5, "expected ']' after the upper endpoint, got ','");
  check_error("[,1]", 2, "missing lower endpoint");
  check_error("[0, ]", 5, "missing upper endpoint");
  check_error("[0,[1]", 4, "missing upper endpoint");
  check_error("[0,1]x", 7, "expected an interval '[a,b]' after 'x'");
  check_error("[0,1] [0,1]", 7, "expected 'x' between intervals or the end of the domain, got '['");
  check_error("[0,1]]", 6, "got ']'");
  check_error("[0,1]*[0,1]", 6, "got '*'");
  check_error("[0,1]^", 7, "expected the dimension (a positive integer) after '^'");
  check_error("[0,1]^-2", 7, "expected the dimension");
  check_error("[0,1]^2.5", 8, "got '.'");
  check_error("[0,1]^0", 7, "dimension must be at least 1");
  check_error("[0,1]^10001", 7, "dimension '10001' exceeds the limit 10000");
  check_error("[0,1]^99999999999999999999", 7, "exceeds the limit 10000");
  check_error("[0,1]^5000 x [0,1]^5001", 14, "dimension exceeds the limit 10000");
  check_error("[0,1] \xc3\x97 [0,1]", 7, "got '\xc3\x97'");
}

TEST_CASE("domain errors: bad numbers") {
  check_error("[0 1, 2]", 2, "invalid number \"0 1\"");
  check_error("[1e999999999,2]", 2, "invalid number \"1e999999999\": exponent too large");
  check_error("[0, 1/0]", 5, "zero denominator");
  check_error("[0, pi]", 5, "invalid number \"pi\"");
  check_error("[nan,1]", 2, "'nan' is not allowed: endpoints must be finite and exact");
  check_error("[0,inf]", 4, "'inf' is not allowed");
  check_error("[-Infinity, 0]", 2, "'-Infinity' is not allowed");
}

TEST_CASE("domain: box_volume is the exact product of the widths") {
  CHECK(box_volume(parse_domain("[0,1]^3")) == Rational(1));
  CHECK(box_volume(parse_domain("[-1,1/2]x[0,1/3]")) == Rational(1) / Rational(2));
  CHECK(box_volume(parse_domain("[0,0]x[0,5]")) == Rational(0));
}
