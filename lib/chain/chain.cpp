#include "chain/chain.hpp"

#include "chain/recorded_networks.hpp"

#include <chrono>
#include <set>
#include <stdexcept>

#include "scalar/input_error.hpp"

namespace approxcert::chain {

namespace {

// A Coq identifier: a letter or '_' first, then letters, digits, '_' or '\''.
bool is_coq_identifier(const std::string& s) {
  if (s.empty()) return false;
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!letter(s[0])) return false;
  for (char c : s)
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '\'') return false;
  return true;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs one attempt; a numerical failure becomes an unknown outcome with its message.
StepResult attempt(const Chain::Entry& entry, const Attempt& a) {
  StepResult r;
  r.spec = entry.spec;
  r.kind = entry.computation.kind;
  r.engine = a.engine;
  r.prec_bits = entry.computation.kind == Computation::Kind::Exact ? 0 : a.prec.bits;
  try {
    r.outcome = entry.computation.run(a);
    const Enclosure* high = r.outcome.rhs_high ? &r.outcome.rhs_high->value : nullptr;
    r.verdict = decide(entry.spec.relation, r.outcome.lhs.value, r.outcome.rhs.value, high);
  } catch (const std::domain_error& e) {
    r.error = e.what();
  } catch (const NotExactError& e) {
    r.error = e.what();
  }
  if (!r.error.empty()) {
    r.outcome = Outcome();
    if (is_range(entry.spec.relation)) r.outcome.rhs_high = Side();
    r.verdict = Verdict::Unknown;
  }
  return r;
}

}  // namespace

Chain& Chain::add(StepSpec spec, Computation computation) {
  if (spec.id.empty()) throw std::logic_error("Chain::add: a step needs an id");
  if (spec.status.empty()) throw std::logic_error("Chain::add: step " + spec.id + " needs a status tag");
  if (!is_coq_identifier(spec.coq_lemma))
    throw std::logic_error("Chain::add: step " + spec.id + ": coq_lemma '" + spec.coq_lemma +
                           "' is not a Coq identifier");
  for (const Entry& e : steps_) {
    if (e.spec.id == spec.id) throw std::logic_error("Chain::add: duplicate step id " + spec.id);
    if (e.spec.coq_lemma == spec.coq_lemma) throw std::logic_error("Chain::add: duplicate coq_lemma " + spec.coq_lemma);
  }
  if (!computation.run) throw std::logic_error("Chain::add: step " + spec.id + " has no computation");
  steps_.push_back({std::move(spec), std::move(computation)});
  return *this;
}

Chain& Chain::trust(std::string_view id, std::string lhs_reason, std::string rhs_reason) {
  for (Entry& e : steps_)
    if (e.spec.id == id) {
      e.computation = trusting(std::move(e.computation), std::move(lhs_reason), std::move(rhs_reason));
      return *this;
    }
  throw std::logic_error("Chain::trust: no step \"" + std::string(id) + "\"");
}

Chain& Chain::recheck(std::string_view id, std::string_view side, std::string expression,
                      std::vector<std::string> inputs) {
  return recheck_with(id, side, Recheck{std::move(expression), std::move(inputs), {}, {}, nullptr});
}

Chain& Chain::recheck_network(std::string_view id, std::string_view side, const Network& net, std::string output,
                              std::vector<std::string> inputs) {
  RecordedNetwork r = record_network(net);
  if (r.text->size() > kMaxRecordedNetworkBytes) return *this;  // over budget: the trust mark stays
  return recheck_with(id, side,
                      Recheck{{}, std::move(inputs), std::move(r.sha256), std::move(output), std::move(r.text)});
}

Chain& Chain::recheck_with(std::string_view id, std::string_view side, Recheck recheck) {
  if (side != "lhs" && side != "rhs" && side != "rhs_high")
    throw std::logic_error("Chain::recheck: no side " + std::string(side));
  for (Entry& e : steps_)
    if (e.spec.id == id) {
      e.computation.run = [run = std::move(e.computation.run), side = std::string(side),
                           recheck = std::move(recheck)](const Attempt& a) {
        Outcome o = run(a);
        Side* s = side == "lhs" ? &o.lhs : side == "rhs" ? &o.rhs : o.rhs_high ? &*o.rhs_high : nullptr;
        if (!s) throw std::logic_error("Chain::recheck: the step has no rhs_high");
        s->evidence.recheck = recheck;
        s->evidence.trusted.clear();
        return o;
      };
      return *this;
    }
  throw std::logic_error("Chain::recheck: no step \"" + std::string(id) + "\"");
}

void mark_trusted(Chain& chain, std::initializer_list<TrustMark> marks) {
  for (const TrustMark& m : marks)
    for (const Chain::Entry& e : chain.steps())
      if (e.spec.id == m.id) {
        chain.trust(m.id, std::string(m.lhs), std::string(m.rhs));
        break;
      }
}

ChainResult run_chain(const Chain& chain, const RunOptions& options) {
  if (options.base_bits < 2 || options.max_bits < options.base_bits || options.max_bits > 2 * kMaxPrecisionBits)
    throw std::logic_error("run_chain: need 2 <= base_bits <= max_bits <= 2 * kMaxPrecisionBits");
  const auto chain_start = std::chrono::steady_clock::now();
  ChainResult result;
  result.options = options;
  result.overall = Verdict::Proved;
  for (const Chain::Entry& entry : chain.steps()) {
    const auto start = std::chrono::steady_clock::now();
    const bool exact = entry.computation.kind == Computation::Kind::Exact;
    const Arithmetic engine = entry.computation.kind == Computation::Kind::Generic ? options.engine : Arithmetic::Ball;
    const auto recorded = options.recorded_candidates.find(entry.spec.id);
    const Point* candidate = recorded == options.recorded_candidates.end() ? nullptr : &recorded->second;
    const auto recorded_at = options.recorded_points.find(entry.spec.id);
    const Point* watch = recorded_at == options.recorded_points.end() ? nullptr : &recorded_at->second;
    StepResult r;
    int attempts = 0;
    SettledPoints settled;  // the points the step's attempts decided (Attempt::for_all_reusing)
    for (long bits = options.base_bits;; bits *= 2) {
      r = attempt(
          entry, Attempt{Prec(bits), engine, attempts, entry.spec.relation, &result.steps, candidate, watch, &settled});
      ++attempts;
      if (exact || r.verdict != Verdict::Unknown || bits * 2 > options.max_bits) break;
    }
    r.attempts = attempts;
    r.elapsed_seconds = seconds_since(start);
    result.overall = conjunction(result.overall, r.verdict);
    result.steps.push_back(std::move(r));
  }
  if (result.steps.empty()) result.overall = Verdict::Unknown;
  result.elapsed_seconds = seconds_since(chain_start);
  return result;
}

}  // namespace approxcert::chain
