#include "chain/parameters.hpp"
#include <nlohmann/json.hpp>

#include "net/constant.hpp"
#include "scalar/input_error.hpp"
#include "scalar/json_list.hpp"
#include "scalar/printable.hpp"

namespace approxcert::chain {

namespace {

// The certificate form of a parameter value: numbers become their exact source text.
nlohmann::json to_plain(const ExactJson& v) {
  if (is_json_number(v)) return std::string(json_number_text(v));
  if (v.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& item : v.items()) out[item.key()] = to_plain(item.value());
    return out;
  }
  if (v.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& x : v) out.push_back(to_plain(x));
    return out;
  }
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>();
  return nullptr;
}

// A theorem parameter is a human-sized number: its exact value is limited to kMaxParameterBits
// (numerator plus denominator), checked before any work uses it. "1e100000" is refused here
// instead of driving a construction into exact numbers of hundreds of thousands of digits.
constexpr std::size_t kMaxParameterBits = 4096;

Rational parameter_rational(const ExactJson& v, const JsonAt& at) {
  const Rational r = json_rational(v, at);
  const std::size_t bits = mpz_sizeinbase(r.gmp().get_num_mpz_t(), 2) + mpz_sizeinbase(r.gmp().get_den_mpz_t(), 2);
  if (bits > kMaxParameterBits)
    at.fail("the number " + describe_json(v) + " needs " + std::to_string(bits) +
            " bits exactly; theorem parameters are limited to " + std::to_string(kMaxParameterBits) +
            " bits (numerator plus denominator, about 1200 decimal digits)");
  return r;
}

std::string shortened(const std::string& s) { return s.size() <= 60 ? s : s.substr(0, 60) + "..."; }

}  // namespace

Parameters::Parameters(ExactJson object, JsonAt at)
    : object_(std::make_shared<const ExactJson>(std::move(object))), at_(std::move(at)) {
  json_object(*object_, at_);
}

bool Parameters::has(std::string_view name) const { return object_->find(name) != object_->end(); }

const ExactJson& Parameters::required(std::string_view name) const {
  const auto it = object_->find(name);
  if (it == object_->end()) at_.fail("missing parameter \"" + std::string(name) + "\"");
  read_.emplace(name);
  return *it;
}

const ExactJson& Parameters::raw(std::string_view name) const { return required(name); }
JsonAt Parameters::at(std::string_view name) const { return at_.key(name); }
void Parameters::fail(std::string_view name, std::string_view what) const { at(name).fail(what); }

Rational Parameters::rational(std::string_view name) const {
  const ExactJson& v = required(name);
  try {
    return parameter_rational(v, at(name));
  } catch (const InputError&) {
    bool expression = false;  // a valid constant expression gets its own message, anything else the exact reader's
    try {
      expression = v.is_string() && !read_number(v.get_ref<const std::string&>()).is_exact();
    } catch (const InputError&) {
    }
    if (expression)
      at(name).fail("the constant expression " + describe_json(v) +
                    " is not an exact rational, and this theorem needs an exact rational here");
    throw;
  }
}

Number Parameters::number(std::string_view name) const { return json_number(required(name), at(name)); }

Ball Parameters::enclosure(std::string_view name, Prec p) const { return enclose(number(name), p); }
std::uint64_t Parameters::count(std::string_view name) const { return json_count(required(name), at(name)); }
std::string Parameters::text(std::string_view name) const { return json_string(required(name), at(name)); }

bool Parameters::flag(std::string_view name) const {
  const ExactJson& v = required(name);
  if (!v.is_boolean()) at(name).fail("expected true or false, got " + describe_json(v));
  return v.get<bool>();
}

std::vector<Rational> Parameters::rationals(std::string_view name) const {
  return json_list(required(name), at(name), parameter_rational);
}

std::vector<std::vector<Rational>> Parameters::rational_matrix(std::string_view name) const {
  const JsonAt where = at(name);
  const ExactJson& v = json_array(required(name), where);
  std::vector<std::vector<Rational>> rows;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const JsonAt row_at = where.index(i);
    const ExactJson& row = json_array(v[i], row_at);
    if (!rows.empty() && row.size() != rows.front().size())
      row_at.fail("row has " + std::to_string(row.size()) + " entries, row 0 has " +
                  std::to_string(rows.front().size()));
    rows.push_back(json_list(row, row_at, parameter_rational));
  }
  return rows;
}

Rational Parameters::rational_or(std::string_view name, const Rational& fallback) const {
  return has(name) ? rational(name) : fallback;
}
std::uint64_t Parameters::count_or(std::string_view name, std::uint64_t fallback) const {
  return has(name) ? count(name) : fallback;
}
std::string Parameters::text_or(std::string_view name, std::string_view fallback) const {
  return has(name) ? text(name) : std::string(fallback);
}
bool Parameters::flag_or(std::string_view name, bool fallback) const { return has(name) ? flag(name) : fallback; }

void Parameters::check_all_read() const {
  for (const auto& item : object_->items()) {
    if (read_.count(item.key())) continue;
    std::string used;
    for (const std::string& k : read_) used += (used.empty() ? "" : ", ") + k;
    at(shortened(item.key()))
        .fail("unknown parameter \"" + printable(shortened(item.key())) +
              "\" for this theorem (it uses: " + (used.empty() ? "no parameters" : used) + ")");
  }
}

nlohmann::json Parameters::to_json() const { return to_plain(*object_); }

}  // namespace approxcert::chain
