#include "chain/coq_hook.hpp"
#include <nlohmann/json.hpp>

#include "chain/certificate_fields.hpp"
#include "chain/coq_text.hpp"
#include "scalar/input_error.hpp"

namespace approxcert::chain {

Rational coq_parameter(const nlohmann::json& certificate, const std::string& name) {
  const nlohmann::json& params = field(certificate, "parameters", "certificate");
  const nlohmann::json& v = field(params, name, "certificate/parameters");
  const std::string where = "certificate/parameters/" + name;
  if (v.is_number_integer()) return Rational(mpq_class(v.dump()));
  if (!v.is_string()) throw InputError(where + ": expected a number");
  try {
    return parse_rational(v.get<std::string>());
  } catch (const InputError& e) {
    throw InputError(where + ": " + e.what());
  }
}

std::size_t coq_parameter_array_size(const nlohmann::json& certificate, const std::string& name) {
  const nlohmann::json& v = field(field(certificate, "parameters", "certificate"), name, "certificate/parameters");
  if (!v.is_array()) throw InputError("certificate/parameters/" + name + ": expected an array");
  return v.size();
}

const CoqStep* find_coq_step(const std::vector<CoqStep>& steps, const std::string& id) {
  for (const CoqStep& s : steps)
    if (s.id == id) return &s;
  return nullptr;
}

std::optional<Rational> reported_exact(const CoqStep* step, const std::string& name) {
  if (!step) return std::nullopt;
  const auto it = step->reported.find(name);
  if (it == step->reported.end() || !it->second.is_exact()) return std::nullopt;
  return it->second.lower();
}

CoqConclusion coq_not_concluded(const std::string& why) {
  return {{}, "(* The chain lemma is not applied: " + coq_comment_text(why) + ". *)\n", {}};
}

}  // namespace approxcert::chain
