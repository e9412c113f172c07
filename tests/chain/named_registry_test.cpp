// NamedRegistry: entries found by name, names sorted, empty and duplicate names refused, and the
// unknown-name message listing what is known.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "chain/named_registry.hpp"

using approxcert::chain::NamedRegistry;

namespace {
struct Info {
  std::string name;
};
struct Entry {
  Info info;
  int value = 0;
};
}  // namespace

TEST_CASE("named registry: find by name, sorted names, empty and duplicate names refused") {
  NamedRegistry<Entry> r("widget");
  CHECK(r.find("a") == nullptr);
  CHECK(r.unknown_message("a") == "unknown widget \"a\" (known: none)");
  r.insert({{"b"}, 2});
  r.insert({{"a"}, 1});
  REQUIRE(r.find("a") != nullptr);
  CHECK(r.find("a")->value == 1);
  CHECK(r.find("b")->value == 2);
  CHECK(r.find("c") == nullptr);
  CHECK(r.names() == std::vector<std::string>{"a", "b"});
  CHECK(r.unknown_message("c") == "unknown widget \"c\" (known: a, b)");
  CHECK_THROWS_AS(r.insert({{""}, 3}), std::logic_error);
  CHECK_THROWS_WITH_AS(r.insert({{"a"}, 4}), "widget registry: duplicate widget a", std::logic_error);
  CHECK(r.find("a")->value == 1);
}
