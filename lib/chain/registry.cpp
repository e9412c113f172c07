#include "chain/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace approxcert::chain {

void TheoremRegistry::add(TheoremInfo info, ChainBuilder build, CoqConclusionHook coq_conclusion) {
  if (info.name.empty() || info.paper.empty()) throw std::logic_error("TheoremRegistry::add: name and paper are required");
  if (find(info.name)) throw std::logic_error("TheoremRegistry::add: duplicate theorem " + info.name);
  if (!build) throw std::logic_error("TheoremRegistry::add: theorem " + info.name + " has no builder");
  theorems_.push_back({std::move(info), std::move(build), std::move(coq_conclusion)});
}

const Theorem* TheoremRegistry::find(std::string_view name) const {
  for (const Theorem& t : theorems_)
    if (t.info.name == name) return &t;
  return nullptr;
}

const Theorem& TheoremRegistry::get(std::string_view name, const JsonAt& at) const {
  if (const Theorem* t = find(name)) return *t;
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  at.fail("unknown theorem \"" + std::string(name) + "\" (known: " + (known.empty() ? "none" : known) + ")");
}

std::vector<std::string> TheoremRegistry::names() const {
  std::vector<std::string> out;
  for (const Theorem& t : theorems_) out.push_back(t.info.name);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace approxcert::chain
