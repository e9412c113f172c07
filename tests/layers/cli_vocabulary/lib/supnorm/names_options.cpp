// Fixture for layers.cli_vocabulary_rejects_options: literals that name options (found) and the
// places that may (not found). A comment may name --target and --rel-tol.
#include <string>

/* A block comment may too: --net. */
std::string a() { return "--output: the network has 2 outputs"; }
std::string b() { return "the budget; raise rel-tol"; }
std::string c() { return R"(write it with -o FILE)"; }
std::string d() { return "--outputs, x--net and no-recompute-ish are no options"; }
char e() { return '"'; }
std::string f() { return "still found after a character literal: --target-net"; }
