#pragma once
// NamedRegistry<Entry>: entries registered under entry.info.name and looked up by it. The one
// mechanism behind the theorem registry (registry.hpp) and the construction registry
// (theorems/construction_registry.hpp), which add what their entries need checked.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace approxcert::chain {

template <class Entry>
class NamedRegistry {
 public:
  // kind names an entry in messages: "theorem", "construction".
  explicit NamedRegistry(std::string kind) : kind_(std::move(kind)) {}

  // std::logic_error on an empty or duplicate name.
  void insert(Entry e) {
    if (e.info.name.empty()) throw std::logic_error(kind_ + " registry: empty name");
    if (find(e.info.name)) throw std::logic_error(kind_ + " registry: duplicate " + kind_ + " " + e.info.name);
    entries_.push_back(std::move(e));
  }
  const Entry* find(std::string_view name) const {  // nullptr if unknown
    for (const Entry& e : entries_)
      if (e.info.name == name) return &e;
    return nullptr;
  }
  std::vector<std::string> names() const {  // sorted
    std::vector<std::string> out;
    for (const Entry& e : entries_) out.push_back(e.info.name);
    std::sort(out.begin(), out.end());
    return out;
  }
  // "unknown <kind> \"<name>\" (known: a, b)": the message for a name find() does not know.
  std::string unknown_message(std::string_view name) const {
    std::string known;
    for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
    return "unknown " + kind_ + " \"" + std::string(name) + "\" (known: " + (known.empty() ? "none" : known) + ")";
  }

 private:
  std::string kind_;
  std::vector<Entry> entries_;
};

}  // namespace approxcert::chain
