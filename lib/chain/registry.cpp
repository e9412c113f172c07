#include "chain/registry.hpp"

#include <stdexcept>

namespace approxcert::chain {

void TheoremRegistry::add(TheoremInfo info, ChainBuilder build, CoqConclusionHook coq_conclusion) {
  if (info.paper.empty()) throw std::logic_error("theorem registry: " + info.name + " has no paper");
  if (!build) throw std::logic_error("theorem registry: " + info.name + " has no builder");
  insert({std::move(info), std::move(build), std::move(coq_conclusion)});
}

const Theorem& TheoremRegistry::get(std::string_view name, const JsonAt& at) const {
  if (const Theorem* t = find(name)) return *t;
  at.fail(unknown_message(name));
}

}  // namespace approxcert::chain
