#include "chain/recheck.hpp"

#include <nlohmann/json.hpp>
#include <string_view>

#include "chain/certificate_fields.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "scalar/input_error.hpp"
#include "scalar/interval.hpp"
#include "scalar/rational_scalar.hpp"

namespace approxcert::chain {

namespace {

// "NAME" or "NAME/i/j/...": a parameter, or an entry of an array parameter by 0-based indices.
Enclosure parameter_value(const nlohmann::json& parameters, const std::string& path) {
  const std::string where = "parameter \"" + path + "\"";
  const std::string name = path.substr(0, path.find('/'));
  if (!parameters.is_object() || !parameters.contains(name))
    throw InputError(where + ": not a parameter of the instance");
  const nlohmann::json* entry = &parameters[name];
  for (std::size_t at = path.find('/'); at != std::string::npos;) {
    const std::size_t next = path.find('/', at + 1);
    const std::string index = path.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    if (index.empty() || index.size() > 9 || index.find_first_not_of("0123456789") != std::string::npos)
      throw InputError(where + ": \"" + index + "\" is not an index");
    const std::size_t k = std::stoul(index);
    if (!entry->is_array() || k >= entry->size()) throw InputError(where + ": no entry " + index);
    entry = &(*entry)[k];
    at = next;
  }
  const nlohmann::json& v = *entry;
  if (v.is_number_integer()) return Enclosure::exact(Rational(mpq_class(v.dump())));
  if (!v.is_string()) throw InputError(where + ": not an exact number");
  try {
    return Enclosure::exact(parse_rational(v.get<std::string>()));
  } catch (const InputError& e) {
    throw InputError(where + ": not an exact rational (" + std::string(e.what()) + ")");
  }
}

Enclosure input_value(const std::string& name, const RecheckData& data) {
  if (name.starts_with("parameter:")) {
    if (!data.parameters) throw InputError("input \"" + name + "\": no parameters");
    return parameter_value(*data.parameters, name.substr(10));
  }
  if (name.starts_with("at:")) {
    const std::string coordinate = name.substr(3);
    if (data.at)
      for (const auto& [n, v] : data.at->coordinates)
        if (n == coordinate) return Enclosure::exact(v);
    throw InputError("input \"" + name + "\": the step's point has no coordinate \"" + coordinate + "\"");
  }
  if (name.starts_with("number:")) {  // an exact rational written in the recipe (a constant input of a network)
    try {
      return Enclosure::exact(parse_rational(std::string_view(name).substr(7)));
    } catch (const InputError& e) {
      throw InputError("input \"" + name + "\": not an exact rational (" + std::string(e.what()) + ")");
    }
  }
  if (name.starts_with("step:")) {
    const auto it = data.earlier.find(std::string_view(name).substr(5));
    if (it == data.earlier.end()) throw InputError("input \"" + name + "\": no such side of an earlier step");
    return it->second;
  }
  throw InputError("input \"" + name + "\": expected parameter:NAME, at:NAME, number:Q or step:ID:...");
}

bool all_exact(const std::vector<Enclosure>& v) {
  for (const Enclosure& e : v)
    if (!e.is_exact()) return false;
  return true;
}

// Which output a network recipe takes: one by index, or the largest of all.
struct OutputChoice {
  std::size_t index = 0;
  bool largest = false;
};

// The chosen output's value: its enclosure, or for the largest [max of the lower ends, max of the
// upper ends] (which contains the largest value when every enclosure contains its output).
Enclosure choose(const std::vector<Enclosure>& outputs, OutputChoice choice) {
  if (!choice.largest) return outputs.at(choice.index);
  Enclosure m = outputs.at(0);
  for (const Enclosure& e : outputs) {
    if (!e.bounded() || !m.bounded()) return Enclosure::whole_line();
    m = Enclosure::between(max(m.lower(), e.lower()), max(m.upper(), e.upper()));
  }
  return m;
}

// Exactly when every input is a point and the program is rational, else MPFI over the enclosures.
Recomputed evaluate_output(const Program& prog, const std::vector<Enclosure>& inputs, OutputChoice output,
                           bool try_exact, Prec prec) {
  std::vector<Enclosure> values;
  if (try_exact && all_exact(inputs)) {
    std::vector<Rational> x;
    for (const Enclosure& e : inputs) x.push_back(e.lower());
    try {
      for (const Rational& v : evaluate<Rational>(prog, std::span<const Rational>(x), prec))
        values.push_back(Enclosure::exact(v));
      return {choose(values, output), true};
    } catch (const NotExactError&) {
      // a transcendental operation: enclose it with MPFI below
    }
  }
  std::vector<Interval> x(inputs.size());
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (!inputs[k].bounded()) return {};  // an unbounded input: nothing is known
    set_interval(x[k], inputs[k].lower(), inputs[k].upper(), prec);
  }
  values.clear();
  for (const Interval& v : evaluate<Interval>(prog, std::span<const Interval>(x), prec))
    values.push_back(Enclosure::of(v));
  return {choose(values, output), false};
}

bool is_index(std::string_view s) {
  return !s.empty() && s.size() <= 9 && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// The output of a network recipe: "max"; a decimal index; an input naming an exact integer; or, when
// no input has the whole name, an input name followed by "-K" (K decimal): that integer minus K (a
// 1-based "at:j" read as "at:j-1").
OutputChoice output_index(const Recheck& recheck, const RecheckData& data, std::size_t outputs) {
  const std::string& o = recheck.output;
  if (o == "max") return {0, true};
  Rational k;
  if (is_index(o)) k = Rational(std::stol(o));
  else {
    std::string name = o;
    long minus = 0;
    const std::size_t dash = o.rfind('-');
    if (dash != std::string::npos && is_index(std::string_view(o).substr(dash + 1))) {
      try {
        input_value(o, data);
      } catch (const InputError&) {  // no input of the whole name: NAME-K
        name = o.substr(0, dash);
        minus = std::stol(o.substr(dash + 1));
      }
    }
    const Enclosure e = input_value(name, data);
    if (!e.is_exact()) throw InputError("output \"" + o + "\": not an exact index");
    k = e.lower() - Rational(minus);
  }
  if (k < Rational(0) || !(k < Rational(static_cast<long>(outputs))) || !k.is_integer())
    throw InputError("output \"" + o + "\": not an output of the network (it has " + std::to_string(outputs) + ")");
  return {static_cast<std::size_t>(k.num().get_ui()), false};
}

Recomputed recompute_network(const Recheck& recheck, const RecheckData& data, Prec prec) {
  if (!data.networks) throw InputError("network " + recheck.network + ": the certificate records no networks");
  const auto it = data.networks->find(recheck.network);
  if (it == data.networks->end()) throw InputError("network " + recheck.network + ": not recorded in the certificate");
  const Program& prog = it->second;
  if (recheck.inputs.size() != prog.num_inputs())
    throw InputError("network " + recheck.network + ": " + std::to_string(recheck.inputs.size()) +
                     " inputs for a network of " + std::to_string(prog.num_inputs()));
  const OutputChoice output = output_index(recheck, data, prog.outputs().size());
  std::vector<Enclosure> inputs;
  for (const std::string& name : recheck.inputs) inputs.push_back(input_value(name, data));
  return evaluate_output(prog, inputs, output, true, prec);
}

}  // namespace

Recomputed recompute_side(const Recheck& recheck, const RecheckData& data, Prec prec) {
  if (!recheck.network.empty()) return recompute_network(recheck, data, prec);
  if (recheck.expression.size() > kMaxRecheckExpressionLength)
    throw InputError("expression longer than " + std::to_string(kMaxRecheckExpressionLength) + " characters");
  if (recheck.inputs.size() > kMaxRecheckInputs)
    throw InputError("more than " + std::to_string(kMaxRecheckInputs) + " inputs");
  std::vector<Enclosure> inputs;
  for (const std::string& name : recheck.inputs) inputs.push_back(input_value(name, data));
  const Program prog = compile_target(recheck.expression, inputs.size());
  // Exactly when possible: every input a point, no power (keeps exact numbers small on hostile input).
  return evaluate_output(prog, inputs, OutputChoice{}, recheck.expression.find('^') == std::string::npos, prec);
}

nlohmann::json recheck_json(const Recheck& recheck) {
  if (!recheck.network.empty())
    return {{"network", recheck.network}, {"output", recheck.output}, {"inputs", recheck.inputs}};
  return {{"expression", recheck.expression}, {"inputs", recheck.inputs}};
}

Recheck read_recheck(const nlohmann::json& j, const std::string& where) {
  Recheck r;
  if (j.is_object() && j.contains("network")) {
    r.network = string_field(j, "network", where);
    r.output = string_field(j, "output", where);
  } else {
    r.expression = string_field(j, "expression", where);
  }
  const nlohmann::json& inputs = field(j, "inputs", where);
  if (!inputs.is_array()) throw InputError(where + "/inputs: expected an array");
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (!inputs[k].is_string()) throw InputError(where + "/inputs/" + std::to_string(k) + ": expected a string");
    r.inputs.push_back(inputs[k].get<std::string>());
  }
  return r;
}

}  // namespace approxcert::chain
