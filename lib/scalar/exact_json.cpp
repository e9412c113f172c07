#include "scalar/exact_json.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <vector>

#include "scalar/input_error.hpp"
#include "scalar/printable.hpp"
#include "scalar/syntax.hpp"

namespace approxcert {

namespace {

// Limits, each checked before the work it bounds (docs/robustness.md): a hostile document is
// refused while it is read, not after it has been built.
constexpr std::size_t kMaxJsonBytes = std::size_t{1} << 30;  // per file or document (1 GiB)
constexpr std::size_t kMaxJsonValues = 25'000'000;           // network files' 2*10^7 numbers + structure
constexpr std::size_t kMaxJsonArrayLength = 1'000'000;       // = NetworkLimits::max_dim
constexpr std::size_t kMaxJsonDepth = 256;                   // nesting of arrays and objects
constexpr std::size_t kMaxKeyEcho = 60;                      // bytes of an offending key quoted in a message

std::string escape_pointer_token(std::string_view key) {
  std::string out;
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// "line L, column C (byte B)" for the byte the lexer stopped at (position = bytes read, 1-based).
std::string location(std::string_view text, std::size_t position) {
  const std::size_t b = std::min(position > 0 ? position - 1 : 0, text.size());
  const auto before = text.substr(0, b);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t nl = before.rfind('\n');
  const std::size_t column = nl == std::string_view::npos ? b + 1 : b - nl;
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " + std::to_string(b) + ")";
}

// nlohmann's what() is "[json.exception.parse_error.101] parse error at line 1, column 5: <reason>".
std::string lexer_reason(const std::string& what) {
  std::string_view s = what;
  if (const auto close = s.find("] "); !s.empty() && s[0] == '[' && close != std::string_view::npos)
    s.remove_prefix(close + 2);
  if (s.rfind("parse error", 0) == 0)
    if (const auto colon = s.find(": "); colon != std::string_view::npos) s.remove_prefix(colon + 2);
  return std::string(s);
}

std::string shortened(std::string_view s, std::size_t n = kMaxKeyEcho) {
  return s.size() <= n ? std::string(s) : std::string(s.substr(0, n)) + "...";
}

// SAX handler building an ExactJson tree; numbers keep their source text (see the header).
class ExactDomBuilder {
 public:
  using number_integer_t = ExactJson::number_integer_t;
  using number_unsigned_t = ExactJson::number_unsigned_t;
  using number_float_t = ExactJson::number_float_t;
  using string_t = ExactJson::string_t;
  using binary_t = ExactJson::binary_t;

  ExactDomBuilder(ExactJson& root, std::string_view text, std::string_view source)
      : root_(root), text_(text), source_(source) {}

  bool null() {
    put(nullptr);
    return true;
  }
  bool boolean(bool b) {
    put(b);
    return true;
  }
  bool number_integer(number_integer_t v) {
    put_number(std::to_string(v));
    return true;
  }
  bool number_unsigned(number_unsigned_t v) {
    put_number(std::to_string(v));
    return true;
  }
  // The lexer's text, except that it swaps '.' for the C locale's decimal point (for strtod): a
  // JSON number has no other non-digit characters than e E + -, so any other one is the point.
  bool number_float(number_float_t /*double: ignored*/, const string_t& text) {
    std::string source = text;
    for (char& c : source)
      if (!std::isdigit(static_cast<unsigned char>(c)) && c != 'e' && c != 'E' && c != '+' && c != '-') c = '.';
    put_number(source);
    return true;
  }
  bool string(string_t& s) {
    put(std::move(s));
    return true;
  }
  bool binary(binary_t& /*never produced by JSON text*/) { return false; }

  bool start_object(std::size_t) {
    open(ExactJson::object());
    return true;
  }
  bool start_array(std::size_t) {
    open(ExactJson::array());
    return true;
  }
  bool end_object() {
    close();
    return true;
  }
  bool end_array() {
    close();
    return true;
  }

  bool key(string_t& k) {
    ExactJson& obj = *stack_.back();
    if (obj.contains(k))
      throw InputError(std::string(source_) + ": " + (stack_.size() > 1 ? pointer() : std::string()) + "/" +
                       printable(shortened(escape_pointer_token(k))) + ": duplicate key \"" + printable(shortened(k)) +
                       "\"");
    pending_key_ = escape_pointer_token(k);
    pending_ = &obj[k];
    return true;
  }

  bool parse_error(std::size_t position, const std::string& last_token, const nlohmann::detail::exception& ex) {
    std::string reason =
        ex.id == 406  // number overflow: the lexer cannot hold it as a double
            ? "number " + last_token + " is too large for the JSON reader; write it as a string: \"" + last_token + "\""
            : lexer_reason(ex.what());
    throw InputError(std::string(source_) + ": " + location(text_, position) + ": invalid JSON: " + printable(reason));
  }

 private:
  void put_number(std::string_view text) {
    put(ExactJson::binary(std::vector<std::uint8_t>(text.begin(), text.end())));
  }

  ExactJson* put(ExactJson v) {
    // Limits are checked before the value is stored, so a hostile document is refused after at
    // most kMaxJsonValues values, not after it has been built.
    if (++values_ > kMaxJsonValues)
      throw InputError(std::string(source_) + ": " + pointer() + ": more than " + std::to_string(kMaxJsonValues) +
                       " values in one document");
    if (stack_.empty()) {
      root_ = std::move(v);
      last_segment_.clear();
      return &root_;
    }
    ExactJson& top = *stack_.back();
    if (top.is_array()) {
      if (top.size() >= kMaxJsonArrayLength)
        throw InputError(std::string(source_) + ": " + pointer() + ": array longer than " +
                         std::to_string(kMaxJsonArrayLength) + " entries");
      last_segment_ = std::to_string(top.size());
      top.push_back(std::move(v));
      return &top.back();
    }
    last_segment_ = pending_key_;
    *pending_ = std::move(v);
    return pending_;
  }

  // Containers on the stack stay in place: only the innermost one grows, and its parents are
  // untouched until it is closed.
  void open(ExactJson v) {
    ExactJson* slot = put(std::move(v));
    stack_.push_back(slot);
    segments_.push_back(last_segment_);
    if (stack_.size() > kMaxJsonDepth)
      throw InputError(std::string(source_) + ": " + pointer() + ": nesting deeper than " +
                       std::to_string(kMaxJsonDepth) + " levels");
  }
  void close() {
    stack_.pop_back();
    segments_.pop_back();
  }

  std::string pointer() const {
    std::string p;
    for (std::size_t i = 1; i < segments_.size(); ++i) p += "/" + segments_[i];
    return p.empty() ? std::string("top level") : p;
  }

  ExactJson& root_;
  std::string_view text_, source_;
  std::vector<ExactJson*> stack_;
  std::vector<std::string> segments_;  // JSON pointer token of each open container
  std::string last_segment_, pending_key_;
  ExactJson* pending_ = nullptr;
  std::size_t values_ = 0;
};

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string truncated(std::string s) { return shortened(s); }

}  // namespace

ExactJson parse_exact_json(std::string_view text, std::string_view source) {
  if (text.size() > kMaxJsonBytes)
    throw InputError(std::string(source) + ": " + std::to_string(text.size()) + " bytes exceeds the limit of " +
                     std::to_string(kMaxJsonBytes) + " bytes for one JSON document");
  ExactJson root;
  ExactDomBuilder builder(root, text, source);
  if (!ExactJson::sax_parse(text.begin(), text.end(), &builder))
    throw InputError(std::string(source) + ": invalid JSON");  // unreachable: errors throw above
  return root;
}

std::string read_text_file(const std::string& path) {
  constexpr std::size_t max_bytes = kMaxJsonBytes;
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw InputError(path + ": cannot read file: no such file");
  if (fs::is_directory(status)) throw InputError(path + ": cannot read file: it is a directory");
  const std::string too_large =
      path + ": cannot read file: larger than the limit of " + std::to_string(max_bytes) + " bytes";
  if (fs::is_regular_file(status) && fs::file_size(path, ec) > max_bytes && !ec) throw InputError(too_large);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read file: permission denied or unreadable");
  // Read in chunks up to the limit: a device or pipe (/dev/zero) is refused, not read forever.
  std::string bytes;
  std::vector<char> chunk(1 << 20);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    bytes.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (bytes.size() > max_bytes) throw InputError(too_large);
  }
  if (in.bad()) throw InputError(path + ": cannot read file: read error");
  return bytes;
}

ExactJson read_exact_json_file(const std::string& path) { return parse_exact_json(read_text_file(path), path); }

bool is_json_number(const ExactJson& v) { return v.is_binary(); }

std::string_view json_number_text(const ExactJson& v) {
  const auto& bytes = v.get_binary();
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::string describe_json(const ExactJson& v) {
  if (is_json_number(v)) return truncated(std::string(json_number_text(v)));
  if (v.is_string()) return truncated(printable(ExactJson(v.get_ref<const std::string&>()).dump()));
  if (v.is_array()) return "an array";
  if (v.is_object()) return "an object";
  return v.dump();  // true, false, null
}

JsonAt JsonAt::key(std::string_view k) const {
  JsonAt child = *this;
  child.pointer_.append(1, '/').append(escape_pointer_token(k));  // appends: GCC 12 -Wrestrict misfires on "/" + s
  return child;
}

JsonAt JsonAt::index(std::size_t i) const {
  JsonAt child = *this;
  child.pointer_.append(1, '/').append(std::to_string(i));
  return child;
}

std::string JsonAt::prefix() const {
  return file_ + ": " + (pointer_.empty() ? "top level" : printable(pointer_)) + ": ";
}

void JsonAt::fail(std::string_view what) const { throw InputError(prefix() + std::string(what)); }

const ExactJson& json_object(const ExactJson& v, const JsonAt& at) {
  if (!v.is_object()) at.fail("expected an object, got " + describe_json(v));
  return v;
}

const ExactJson& json_array(const ExactJson& v, const JsonAt& at) {
  if (!v.is_array()) at.fail("expected an array, got " + describe_json(v));
  return v;
}

std::string json_string(const ExactJson& v, const JsonAt& at) {
  if (!v.is_string()) at.fail("expected a string, got " + describe_json(v));
  return v.get<std::string>();
}

Rational json_rational(const ExactJson& v, const JsonAt& at) {
  std::string_view text;
  if (is_json_number(v)) text = json_number_text(v);
  else if (v.is_string()) text = v.get_ref<const std::string&>();
  else at.fail("expected a number, got " + describe_json(v));
  const std::string got = "expected a number, got " + describe_json(v);
  if (is_nonfinite_word(text)) at.fail(got + ": NaN and infinities are not numbers here");
  try {
    return parse_rational(text);
  } catch (const InputError& e) {
    // parse_rational says `invalid number "<text>": <reason>`; keep the reason only.
    const std::string_view what = e.what();
    const auto sep = what.rfind("\": ");
    at.fail(got + ": " + std::string(sep == std::string_view::npos ? what : what.substr(sep + 3)));
  }
}

std::uint64_t json_count(const ExactJson& v, const JsonAt& at) {
  const Rational r = json_rational(v, at);
  if (!r.is_integer() || r.sign() < 0) at.fail("expected a non-negative integer, got " + describe_json(v));
  const mpz_class n = r.num();
  if (mpz_sizeinbase(n.get_mpz_t(), 2) > 63)
    at.fail("expected a non-negative integer below 2^63, got " + describe_json(v));
  return static_cast<std::uint64_t>(n.get_ui());
}

namespace {

void check_keys_in(const ExactJson& obj, const JsonAt& at, std::span<const std::string_view> known,
                   std::string_view what) {
  for (const auto& item : obj.items()) {
    const std::string& k = item.key();
    if (std::find(known.begin(), known.end(), k) != known.end()) continue;
    std::string list, closest;
    std::size_t best = 2;  // suggest only close matches (at most 2 edits); ties are all named
    for (std::string_view name : known) {
      list += (list.empty() ? "" : ", ") + std::string(name);
      const std::size_t d = edit_distance(k, name);
      if (d < best) {
        best = d;
        closest.clear();
      }
      if (d == best) closest += (closest.empty() ? "\"" : " or \"") + std::string(name) + "\"";
    }
    at.key(shortened(k))
        .fail("unknown key \"" + printable(shortened(k)) + "\" in " + std::string(what) +
              (closest.empty() ? "" : " (did you mean " + closest + "?)") + "; known keys: " + list);
  }
}

}  // namespace

void json_check_keys(const ExactJson& obj, const JsonAt& at, std::initializer_list<std::string_view> known,
                     std::string_view what) {
  check_keys_in(obj, at, std::span<const std::string_view>(known.begin(), known.size()), what);
}

void json_check_file_keys(const ExactJson& doc, const JsonAt& at, std::initializer_list<std::string_view> known,
                          std::string_view what) {
  constexpr std::string_view schema_key = "$schema";
  std::vector<std::string_view> keys(known);
  keys.push_back(schema_key);
  check_keys_in(doc, at, keys, what);
  if (const ExactJson* s = json_optional(doc, schema_key)) json_string(*s, at.key(schema_key));
}

const ExactJson& json_required(const ExactJson& obj, std::string_view key, const JsonAt& at, std::string_view what) {
  const auto it = obj.find(key);
  if (it == obj.end()) at.fail("missing required key \"" + std::string(key) + "\" in " + std::string(what));
  return *it;
}

const ExactJson* json_optional(const ExactJson& obj, std::string_view key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

}  // namespace approxcert
