#include "theorems/claims/claims.hpp"

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "chain/claims_file.hpp"
#include "chain/sup_norm_side.hpp"
#include "chain/trust_reasons.hpp"
#include "domain/domain.hpp"
#include "net/constant.hpp"
#include "net/evaluate.hpp"
#include "net/expression.hpp"
#include "net/lipschitz.hpp"
#include "net/lower.hpp"
#include "net/network_json.hpp"
#include "problem/error_program.hpp"
#include "scalar/input_error.hpp"
#include "theorems/claims/coq_glue.hpp"

namespace approxcert::theorems::claims {

namespace {

using chain::Attempt;
using chain::Outcome;
using chain::Side;

inline constexpr std::size_t kMaxQuantities = 10000;
inline constexpr std::size_t kMaxSteps = 10000;
inline constexpr std::uint64_t kMaxBoxes = 10'000'000;

enum class Kind { SupNorm, Evaluate, Constant, Lipschitz };

// One named quantity, prepared when the chain is built (all input checked then); computed when a
// step first needs it.
struct Quantity {
  std::string name;
  Kind kind = Kind::Constant;
  std::string note;                        // what it is, in words, for the certificate
  std::shared_ptr<const Program> program;  // sup-norm: the error program; evaluate: the network;
                                           // constant expression: the constant
  Box box;                                 // sup-norm domain (outer box)
  std::optional<Box> witness_box;          // sup-norm: inner box when the domain has irrational ends
  chain::SupNormBudget budget;
  std::vector<Rational> point;    // evaluate: the exact input
  std::size_t output = 0;         // evaluate: the output
  std::optional<Rational> exact;  // an exact constant, or a Lipschitz bound
  // sup-norm: sup |target - net| with net = (net_name, output), target = an expression text or
  // (target_net, target_output); the domain as written. What the "coq" glue of a step checks.
  std::string net_name, target_net, target_text, domain_text;
  std::size_t target_output = 0;
};

struct Quantities {
  std::vector<Quantity> list;
  std::vector<std::string> names;
  // Sup-norm sides by (quantity, retry index): a sup-norm is computed once per attempt level, however
  // many steps use it.
  std::map<std::pair<std::size_t, int>, Side> sup_norms;

  template <class S>
  Side side(std::size_t k, const Attempt& a) {
    const Quantity& q = list[k];
    switch (q.kind) {
      case Kind::SupNorm: {
        const auto key = std::make_pair(k, a.index);
        auto it = sup_norms.find(key);
        if (it == sup_norms.end()) {
          std::vector<std::string> coords;
          for (std::size_t i = 0; i < q.box.dim(); ++i) coords.push_back("x" + std::to_string(i));
          it = sup_norms
                   .emplace(key, chain::sup_norm_side(*q.program, q.box, a, coords, q.note, q.budget, q.witness_box))
                   .first;
        }
        return it->second;
      }
      case Kind::Evaluate: {
        std::vector<S> in(q.point.size());
        for (std::size_t i = 0; i < in.size(); ++i) set(in[i], q.point[i], a.prec);
        return Side::enclosure(evaluate<S>(*q.program, std::span<const S>(in), a.prec).at(q.output), q.note)
            .trusted_because(chain::kNetworkEvaluation);
      }
      case Kind::Constant:
        if (q.exact) return Side::exact(*q.exact, q.note).rechecked_by(q.exact->to_string(), {});
        return Side::enclosure(evaluate<S>(*q.program, std::span<const S>(), a.prec).at(0), q.note)
            .rechecked_by(q.note, {});
      case Kind::Lipschitz: return Side::exact(*q.exact, q.note).trusted_because(chain::kNetworkEvaluation);
    }
    throw std::logic_error("claims: unknown quantity kind");
  }
};

// A step side: one quantity, an exact or constant number, or an expression in quantities.
struct SideExpr {
  std::string text;
  std::optional<std::size_t> single;       // the text is exactly this quantity's name
  std::optional<Rational> exact;           // the text is an exact number
  std::shared_ptr<const Program> program;  // otherwise: inputs = the quantities in `used`
  std::vector<std::size_t> used;
};

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\n\r") - b + 1);
}

SideExpr read_side(const ExactJson& v, const JsonAt& at, const Quantities& qs) {
  SideExpr e;
  if (is_json_number(v)) {
    e.text = std::string(json_number_text(v));
    e.exact = json_rational(v, at);
    return e;
  }
  e.text = trimmed(json_string(v, at));
  if (e.text.empty()) at.fail("empty expression");
  for (std::size_t k = 0; k < qs.names.size(); ++k)
    if (qs.names[k] == e.text) {
      e.single = k;
      return e;
    }
  try {
    std::vector<bool> used;
    if (!qs.names.empty()) used = named_variables_used(e.text, qs.names);
    for (std::size_t k = 0; k < used.size(); ++k)
      if (used[k]) e.used.push_back(k);
    if (e.used.empty()) {
      const Number n = read_number(e.text);
      if (n.is_exact()) {
        e.exact = *n.exact();
        return e;
      }
      e.program = std::make_shared<const Program>(compile_target(e.text, 0));
      return e;
    }
    Program p(e.used.size());
    std::vector<NodeId> vars;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < e.used.size(); ++i) {
      vars.push_back(p.input(i));
      names.push_back(qs.names[e.used[i]]);
    }
    p.add_output(compile_named_expression(e.text, p, vars, names));
    e.program = std::make_shared<const Program>(std::move(p));
  } catch (const InputError& err) {
    at.fail(err.what());
  }
  return e;
}

template <class S>
Side side_value(const SideExpr& e, const Attempt& a, Quantities& qs, Outcome& reports, std::vector<bool>& reported) {
  if (e.single) return qs.side<S>(*e.single, a);
  if (e.exact) return Side::exact(*e.exact).rechecked_by(e.exact->to_string(), {});
  if (e.used.empty())
    return Side::enclosure(evaluate<S>(*e.program, std::span<const S>(), a.prec).at(0), e.text)
        .rechecked_by(e.text, {});
  std::vector<S> in(e.used.size());
  bool bounded = true;
  for (std::size_t i = 0; i < e.used.size(); ++i) {
    const std::size_t k = e.used[i];
    Side q = qs.side<S>(k, a);
    if (q.value.bounded()) set_interval(in[i], q.value.lower(), q.value.upper(), a.prec);
    else bounded = false;
    if (!reported[k]) {
      reported[k] = true;
      reports.report(qs.names[k], std::move(q));
    }
  }
  if (!bounded)
    return Side::derived(chain::Enclosure::whole_line(), e.text + " (a quantity has no finite bound)")
        .trusted_because(chain::kClaimExpression);
  return Side::enclosure(evaluate<S>(*e.program, std::span<const S>(in), a.prec).at(0), e.text)
      .trusted_because(chain::kClaimExpression);
}

// The network the string at `at` names (InputError there if "networks" has none of that name).
const CheckedNetwork& network_at(const std::map<std::string, CheckedNetwork>& nets, const ExactJson& v,
                                 const JsonAt& at) {
  const std::string name = json_string(v, at);
  const auto it = nets.find(name);
  if (it == nets.end()) {
    std::string known;
    for (const auto& [n, _] : nets) known += (known.empty() ? "" : ", ") + n;
    at.fail("no network named \"" + name + "\" in \"networks\" (known: " + (known.empty() ? "none" : known) + ")");
  }
  return it->second;
}

const CheckedNetwork& network_named(const std::map<std::string, CheckedNetwork>& nets, const ExactJson& q,
                                    const JsonAt& at) {
  return network_at(nets, json_required(q, "net", at, "a quantity"), at.key("net"));
}

std::size_t output_index(const ExactJson& q, std::string_view key, const JsonAt& at, const CheckedNetwork& net) {
  const ExactJson* o = json_optional(q, key);
  if (!o) return 0;
  const std::uint64_t k = json_count(*o, at.key(key));
  const std::size_t outputs = net.outputs();
  if (k >= outputs)
    at.key(key).fail("output " + std::to_string(k) + " out of range: the network has " + std::to_string(outputs) +
                     " outputs");
  return static_cast<std::size_t>(k);
}

Quantity read_sup_norm(const std::string& name, const ExactJson& q, const JsonAt& at,
                       const std::map<std::string, CheckedNetwork>& nets) {
  json_object(q, at);
  json_check_keys(
      q, at, {"net", "output", "target", "target_net", "target_output", "domain", "rel_tol", "abs_tol", "max_boxes"},
      "a supnorm quantity");
  Quantity out;
  out.name = name;
  out.kind = Kind::SupNorm;
  const CheckedNetwork& net = network_named(nets, q, at);
  const std::size_t output = output_index(q, "output", at, net);
  const std::string domain_text = json_string(json_required(q, "domain", at, "a supnorm quantity"), at.key("domain"));
  Domain domain;
  try {
    domain = parse_domain_with_constants(domain_text);
    check_domain_dim(domain.outer, net.inputs());
  } catch (const InputError& e) {
    at.key("domain").fail(e.what());
  }
  out.box = domain.outer;
  if (!domain.is_exact()) out.witness_box = domain.inner;
  out.domain_text = domain_text;
  out.output = output;
  const ExactJson* target = json_optional(q, "target");
  const ExactJson* target_net = json_optional(q, "target_net");
  if ((target == nullptr) == (target_net == nullptr))
    at.fail("give exactly one of \"target\" (an expression) and \"target_net\" (a network name)");
  const std::string net_name = json_string(q["net"], at.key("net"));
  out.net_name = net_name;
  try {
    if (target) {
      if (json_optional(q, "target_output")) at.key("target_output").fail("\"target_output\" goes with \"target_net\"");
      const std::string text = json_string(*target, at.key("target"));
      out.target_text = text;
      out.program = std::make_shared<const Program>(net_error_program(lower(net), output, text));
      out.note = "sup |" + text + " - " + net_name + "| over " + domain_text;
    } else {
      const CheckedNetwork& other = network_at(nets, *target_net, at.key("target_net"));
      const std::size_t other_output = output_index(q, "target_output", at, other);
      out.target_net = json_string(*target_net, at.key("target_net"));
      out.target_output = other_output;
      out.program = std::make_shared<const Program>(net_vs_net_error_program(net, output, other, other_output));
      out.note = "sup |" + json_string(*target_net, at.key("target_net")) + " - " + net_name + "| over " + domain_text;
    }
  } catch (const InputError& e) {
    at.fail(e.what());
  }
  if (const ExactJson* r = json_optional(q, "rel_tol")) {
    out.budget.rel_tol = json_rational(*r, at.key("rel_tol"));
    if (out.budget.rel_tol < Rational(0)) at.key("rel_tol").fail("must be >= 0");
  }
  if (const ExactJson* r = json_optional(q, "abs_tol")) {
    out.budget.abs_tol = json_rational(*r, at.key("abs_tol"));
    if (out.budget.abs_tol < Rational(0)) at.key("abs_tol").fail("must be >= 0");
  }
  if (const ExactJson* m = json_optional(q, "max_boxes")) {
    out.budget.max_boxes = json_count(*m, at.key("max_boxes"));
    if (out.budget.max_boxes < 1 || out.budget.max_boxes > kMaxBoxes)
      at.key("max_boxes")
          .fail("must be between 1 and " + std::to_string(kMaxBoxes) + " (each retry multiplies it by 4)");
  }
  return out;
}

Quantity read_evaluate(const std::string& name, const ExactJson& q, const JsonAt& at,
                       const std::map<std::string, CheckedNetwork>& nets) {
  json_object(q, at);
  json_check_keys(q, at, {"net", "at", "output"}, "an evaluate quantity");
  Quantity out;
  out.name = name;
  out.kind = Kind::Evaluate;
  const CheckedNetwork& net = network_named(nets, q, at);
  out.output = output_index(q, "output", at, net);
  const JsonAt pat = at.key("at");
  const ExactJson& point = json_array(json_required(q, "at", at, "an evaluate quantity"), pat);
  if (point.size() != net.inputs())
    pat.fail("has " + std::to_string(point.size()) + " coordinates; the network has " + std::to_string(net.inputs()) +
             " inputs");
  std::string where;
  for (std::size_t i = 0; i < point.size(); ++i) {
    out.point.push_back(json_rational(point[i], pat.index(i)));
    where += (i ? ", " : "") + out.point.back().to_string();
  }
  out.program = std::make_shared<const Program>(lower(net));
  out.note = json_string(q["net"], at.key("net")) + " output " + std::to_string(out.output) + " at (" + where + ")";
  return out;
}

Quantity read_constant(const std::string& name, const ExactJson& q, const JsonAt& at) {
  Quantity out;
  out.name = name;
  out.kind = Kind::Constant;
  const Number n = json_number(q, at);
  if (n.is_exact()) {
    out.exact = *n.exact();
    out.note = out.exact->to_string();
  } else {
    out.program = std::make_shared<const Program>(compile_target(n.text(), 0));
    out.note = n.text();
  }
  return out;
}

Quantity read_lipschitz(const std::string& name, const ExactJson& q, const JsonAt& at,
                        const std::map<std::string, CheckedNetwork>& nets) {
  json_object(q, at);
  json_check_keys(q, at, {"net"}, "a lipschitz quantity");
  Quantity out;
  out.name = name;
  out.kind = Kind::Lipschitz;
  const CheckedNetwork& net = network_named(nets, q, at);
  try {
    out.exact = lipschitz_upper_bound(net.network(), "network \"" + json_string(q["net"], at.key("net")) + "\"");
  } catch (const InputError& e) {
    at.fail(e.what());
  }
  out.note = "Lipschitz bound of " + json_string(q["net"], at.key("net")) + " (infinity norm) from its weights";
  return out;
}

Quantities read_quantities(const ExactJson& all, const JsonAt& at, const std::map<std::string, CheckedNetwork>& nets) {
  json_object(all, at);
  if (all.size() > kMaxQuantities) at.fail("more than " + std::to_string(kMaxQuantities) + " quantities");
  Quantities qs;
  for (const auto& item : all.items()) {
    const JsonAt q_at = at.key(item.key());
    chain::check_claims_name(item.key(), q_at);
    if (nets.count(item.key())) q_at.fail("\"" + item.key() + "\" already names a network");
    const ExactJson& q = json_object(item.value(), q_at);
    if (q.size() != 1)
      q_at.fail("a quantity is an object with exactly one of \"supnorm\", \"evaluate\", \"constant\", \"lipschitz\"");
    const std::string kind = q.begin().key();
    const JsonAt k_at = q_at.key(kind);
    if (kind == "supnorm") qs.list.push_back(read_sup_norm(item.key(), q.begin().value(), k_at, nets));
    else if (kind == "evaluate") qs.list.push_back(read_evaluate(item.key(), q.begin().value(), k_at, nets));
    else if (kind == "constant") qs.list.push_back(read_constant(item.key(), q.begin().value(), k_at));
    else if (kind == "lipschitz") qs.list.push_back(read_lipschitz(item.key(), q.begin().value(), k_at, nets));
    else k_at.fail("unknown quantity kind \"" + kind + "\" (known: supnorm, evaluate, constant, lipschitz)");
    qs.names.push_back(item.key());
  }
  return qs;
}

bool is_step_id(std::string_view s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// A step with "coq": "sup_triangle" (docs/claims.md): lhs "A + B" with A = sup |t - f| and
// B = sup |f - g| (B's target_net is A's net, the same output, the same domain), relation <= or <,
// rhs an exact number. Then the Coq export concludes sup |t - g| <= rhs (theorems/claims/coq_glue.hpp).
void check_sup_triangle(const std::string& glue, const SideExpr& lhs, chain::Relation rel, const SideExpr& rhs,
                        const Quantities& qs, const JsonAt& at) {
  if (glue != "sup_triangle") at.key("coq").fail("unknown glue \"" + glue.substr(0, 64) + "\" (known: sup_triangle)");
  const auto pair = sup_triangle_terms(lhs.text);
  auto supnorm = [&](const std::string& name) -> const Quantity* {
    for (std::size_t k = 0; k < qs.names.size(); ++k)
      if (qs.names[k] == name && qs.list[k].kind == Kind::SupNorm) return &qs.list[k];
    return nullptr;
  };
  const Quantity* a = pair ? supnorm(pair->first) : nullptr;
  const Quantity* b = pair ? supnorm(pair->second) : nullptr;
  if (!a || !b) at.key("lhs").fail("\"coq\": \"sup_triangle\" needs lhs \"A + B\" with A and B supnorm quantities");
  if (b->target_net != a->net_name || b->target_output != a->output || b->domain_text != a->domain_text)
    at.key("lhs").fail("\"coq\": \"sup_triangle\" needs " + b->name + " = sup |" + a->net_name +
                       " - g| (target_net \"" + a->net_name + "\", the same output and domain as " + a->name + ")");
  if (rel != chain::Relation::LessEqual && rel != chain::Relation::Less)
    at.key("relation").fail("\"coq\": \"sup_triangle\" needs the relation <= or <");
  if (!rhs.exact) at.key("rhs").fail("\"coq\": \"sup_triangle\" needs an exact number on the right");
}

chain::Chain build_claims(const chain::Parameters& p) {
  std::map<std::string, CheckedNetwork> nets;
  const JsonAt nets_at = p.at("networks");
  for (const auto& item : json_object(p.raw("networks"), nets_at).items())
    nets.emplace(item.key(), network_from_json(item.value(), nets_at.key(item.key()).prefix()));
  auto qs = std::make_shared<Quantities>(read_quantities(p.raw("quantities"), p.at("quantities"), nets));

  const JsonAt steps_at = p.at("steps");
  const ExactJson& steps = json_array(p.raw("steps"), steps_at);
  if (steps.empty()) steps_at.fail("a claim file needs at least one step");
  if (steps.size() > kMaxSteps) steps_at.fail("more than " + std::to_string(kMaxSteps) + " steps");
  chain::Chain c;
  std::map<std::string, std::size_t> ids;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const JsonAt at = steps_at.index(i);
    const ExactJson& s = json_object(steps[i], at);
    json_check_keys(s, at, {"id", "claim", "lhs", "relation", "rhs", "coq"}, "a step");
    const std::string id = json_string(json_required(s, "id", at, "a step"), at.key("id"));
    if (!is_step_id(id))
      at.key("id").fail("a step id is 1 to 64 letters, digits or '_', got \"" + id.substr(0, 64) + "\"");
    if (!ids.emplace(id, i).second) at.key("id").fail("step id \"" + id + "\" is used twice");
    const std::string claim = json_optional(s, "claim") ? json_string(s["claim"], at.key("claim")) : std::string();
    const std::string rel_text = json_string(json_required(s, "relation", at, "a step"), at.key("relation"));
    const auto rel = chain::parse_relation(rel_text);
    if (!rel || *rel == chain::Relation::Distinct)
      at.key("relation").fail("unknown relation \"" + rel_text + "\" (known: <=, <, >=, >, =, !=, in, not in)");
    const SideExpr lhs = read_side(json_required(s, "lhs", at, "a step"), at.key("lhs"), *qs);
    const ExactJson& rhs_json = json_required(s, "rhs", at, "a step");
    SideExpr rhs, rhs_high;
    std::string rhs_name;
    if (chain::is_range(*rel)) {
      const ExactJson& range = json_array(rhs_json, at.key("rhs"));
      if (range.size() != 2) at.key("rhs").fail("the range of \"" + rel_text + "\" is [low, high]");
      rhs = read_side(range[0], at.key("rhs").index(0), *qs);
      rhs_high = read_side(range[1], at.key("rhs").index(1), *qs);
      rhs_name = "[" + rhs.text + ", " + rhs_high.text + "]";
    } else {
      rhs = read_side(rhs_json, at.key("rhs"), *qs);
      rhs_name = rhs.text;
    }
    const bool range = chain::is_range(*rel);
    chain::StepSpec spec{
        .id = id,
        .claim = claim.empty() ? lhs.text + " " + rel_text + " " + rhs_name : claim,
        .symbols = lhs.text + " " + rel_text + " " + rhs_name,
        .relation = *rel,
        .lhs_name = lhs.text,
        .rhs_name = rhs_name,
        .reference = "claim file",
        .status = "U",
        .mode = "user",
        .coq_lemma = "claim_" + id,
        .coq_note = "a user's claim: the glue between claim steps is the user's mathematics, not a lemma of proofs/"};
    if (const ExactJson* glue = json_optional(s, "coq")) {
      check_sup_triangle(json_string(*glue, at.key("coq")), lhs, *rel, rhs, *qs, at);
      spec.coq_proof = std::string(kSupTriangleLemma);
      spec.coq_note = "the triangle inequality for sup-norms: with the certified upper bounds of " + lhs.text +
                      ", the last network is within the right-hand side of the first target";
    }
    c.add(std::move(spec), chain::generic([qs, lhs, rhs, rhs_high, range]<class S>(const Attempt& a) {
            Outcome reports;
            std::vector<bool> reported(qs->list.size(), false);
            Side l = side_value<S>(lhs, a, *qs, reports, reported);
            Side r = side_value<S>(rhs, a, *qs, reports, reported);
            Outcome o = range ? Outcome::in_range(std::move(l), std::move(r),
                                                  side_value<S>(rhs_high, a, *qs, reports, reported))
                              : Outcome(std::move(l), std::move(r));
            o.reported = std::move(reports.reported);
            return o;
          }));
  }
  return c;
}

}  // namespace

void register_theorems(chain::TheoremRegistry& r) {
  r.add(
      {.name = std::string(chain::kClaimsTheorem),
       .paper = "claims",
       .title = "User claims (approxcert-claims/1)",
       .statement = "The steps of a user's claim file: each relates expressions in named, certified quantities of the "
                    "user's networks (sup-norms against a target or another network, evaluations at exact points, "
                    "Lipschitz bounds from the weights, constants). The file's description says what they establish."},
      build_claims, coq_conclude_claims);
}

}  // namespace approxcert::theorems::claims
