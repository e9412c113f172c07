#include "domain/domain.hpp"

#include "net/constant.hpp"
#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

namespace approxcert {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

struct Endpoint {  // lo <= the endpoint <= hi (lo == hi when it is exact)
  Rational lo, hi;
};

//   domain := factor ('x' factor)*
//   factor := '[' endpoint ',' endpoint ']' ('^' digits)?
class DomainParser {
 public:
  DomainParser(std::string_view text, bool constants) : text_(text), constants_(constants) {}

  Domain parse() {
    skip_space();
    if (at_end()) fail(0, "empty domain: expected [a,b]^D or [a1,b1]x[a2,b2]x...");
    factor();
    for (skip_space(); !at_end(); skip_space()) {
      if (text_[i_] != 'x')
        fail(i_, "expected 'x' between intervals or the end of the domain, got " + quoted(char_at(text_, i_)));
      ++i_;
      skip_space();
      factor();
    }
    return std::move(domain_);
  }

 private:
  void factor() {
    const std::size_t open = i_;
    if (at_end()) fail(i_, "expected an interval '[a,b]' after 'x', got the end of the domain");
    if (text_[i_] != '[') fail(i_, "expected '[' to start an interval, got " + quoted(char_at(text_, i_)));
    ++i_;
    const std::string_view lo_text = endpoint(open, "lower");
    const Endpoint lo = number(lo_text);
    expect(',', open, "after the lower endpoint");
    const std::string_view hi_text = endpoint(open, "upper");
    const Endpoint hi = number(hi_text);
    expect(']', open, "after the upper endpoint");
    // outer = [lo.lo, hi.hi] contains the true interval, inner = [lo.hi, hi.lo] lies inside it.
    if (lo.lo > hi.hi)
      fail(open,
           "empty interval: lower endpoint " + std::string(lo_text) + " > upper endpoint " + std::string(hi_text));
    if (lo.hi > hi.lo)
      fail(open, "cannot certify lower endpoint " + std::string(lo_text) + " <= upper endpoint " +
                     std::string(hi_text) + ": their enclosures overlap");
    const std::size_t count = repetition();
    if (domain_.outer.dim() + count > kMaxDomainDim)
      fail(open, "dimension exceeds the limit " + std::to_string(kMaxDomainDim));
    domain_.outer.lo.insert(domain_.outer.lo.end(), count, lo.lo);
    domain_.outer.hi.insert(domain_.outer.hi.end(), count, hi.hi);
    domain_.inner.lo.insert(domain_.inner.lo.end(), count, lo.hi);
    domain_.inner.hi.insert(domain_.inner.hi.end(), count, hi.lo);
  }

  // The trimmed text up to the next ']' or '[', or ',' outside parentheses; i_ is left on that
  // delimiter.
  std::string_view endpoint(std::size_t open, const char* which) {
    skip_space();
    const std::size_t start = i_;
    for (int depth = 0; !at_end() && text_[i_] != ']' && text_[i_] != '[' && (text_[i_] != ',' || depth > 0); ++i_) {
      if (text_[i_] == '(') ++depth;
      if (text_[i_] == ')' && depth > 0) --depth;
    }
    std::size_t end = i_;
    while (end > start && is_space(text_[end - 1])) --end;
    if (at_end() && end == start) fail(open, "interval '[' is never closed");
    if (end == start) fail(i_, std::string("missing ") + which + " endpoint");
    number_pos_ = start;
    return text_.substr(start, end - start);
  }

  void expect(char c, std::size_t open, const char* where) {
    if (at_end()) fail(open, "interval '[' is never closed");
    if (text_[i_] != c) fail(i_, std::string("expected '") + c + "' " + where + ", got " + quoted(char_at(text_, i_)));
    ++i_;
  }

  // The optional "^k" after an interval: how many times it repeats (1 without '^').
  std::size_t repetition() {
    skip_space();
    if (at_end() || text_[i_] != '^') return 1;
    ++i_;
    skip_space();
    const std::size_t start = i_;
    while (!at_end() && is_digit(text_[i_])) ++i_;
    if (start == i_) fail(start, "expected the dimension (a positive integer) after '^'");
    const std::string_view digits = text_.substr(start, i_ - start);
    std::size_t k = 0;
    for (char c : digits.substr(0, 6)) k = k * 10 + static_cast<std::size_t>(c - '0');
    if (digits.size() > 6 || k > kMaxDomainDim)
      fail(start, "dimension " + quoted(digits) + " exceeds the limit " + std::to_string(kMaxDomainDim));
    if (k == 0) fail(start, "dimension must be at least 1");
    return k;
  }

  // [l, u] containing the endpoint: l == u for an exact one.
  Endpoint number(std::string_view s) {
    if (is_nonfinite_word(s)) fail(number_pos_, quoted(s) + " is not allowed: endpoints must be finite and exact");
    if (!constants_) {
      try {
        const Rational q = parse_rational(s);
        return {q, q};
      } catch (const InputError& e) {
        fail(number_pos_, e.what());
      }
    }
    try {
      const Number x = read_number(s);
      if (const Rational* q = x.exact()) return {*q, *q};
      return enclose_endpoint(x);
    } catch (const InputError& e) {
      fail(number_pos_, e.what());
    }
  }

  // Outward enclosure with exact endpoints of moderate size: precision rises until the ball is
  // finite; a value certainly below 2^-4096 in magnitude is enclosed by [-2^-4096, 2^-4096].
  static Endpoint enclose_endpoint(const Number& x) {
    const Rational big = pow2(4096);
    Ball b;
    for (long bits = kDomainEndpointPrec; bits <= kConstantCheckMaxPrec; bits *= 4)
      if (b = enclose(x, Prec(bits)); is_finite(b)) break;
    Ball m, limit;
    abs(m, b, Prec(kDomainEndpointPrec));
    set(limit, big, Prec(kDomainEndpointPrec));
    if (!is_finite(b) || less(m, limit) != Truth::True)
      throw InputError("constant expression " + approxcert::quoted(x.text()) +
                       " is not an endpoint of magnitude below 2^4096");
    set(limit, Rational(1) / big, Prec(kDomainEndpointPrec));
    if (less(m, limit) == Truth::True) return {-(Rational(1) / big), Rational(1) / big};
    return {lower(b), upper(b)};
  }

  void skip_space() {
    while (!at_end() && is_space(text_[i_])) ++i_;
  }
  bool at_end() const { return i_ >= text_.size(); }

  [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
    throw InputError("domain: column " + std::to_string(text_column(text_, pos)) + ": " + what);
  }

  std::string_view text_;
  std::size_t i_ = 0;
  bool constants_;              // constant-expression endpoints allowed
  std::size_t number_pos_ = 0;  // where the endpoint being read starts
  Domain domain_;
};

}  // namespace

Box parse_domain(std::string_view text) { return DomainParser(text, false).parse().outer; }

Domain parse_domain_with_constants(std::string_view text) { return DomainParser(text, true).parse(); }

void check_domain_dim(const Box& box, std::size_t expected) {
  if (box.dim() != expected)
    throw InputError("domain: has " + std::to_string(box.dim()) + " interval" + (box.dim() == 1 ? "" : "s") + " but " +
                     std::to_string(expected) + " inputs are expected (one interval per input; [a,b]^" +
                     std::to_string(expected) + " repeats one)");
}

std::string format_domain(const Box& box) {
  std::string out;
  auto append_interval = [&](std::size_t k) {
    out += '[';
    out += box.lo[k].to_string();
    out += ',';
    out += box.hi[k].to_string();
    out += ']';
  };
  bool all_equal = true;
  for (std::size_t k = 1; k < box.dim(); ++k) all_equal = all_equal && box.lo[k] == box.lo[0] && box.hi[k] == box.hi[0];
  if (box.dim() > 1 && all_equal) {
    append_interval(0);
    out += '^';
    out += std::to_string(box.dim());
    return out;
  }
  for (std::size_t k = 0; k < box.dim(); ++k) {
    if (k > 0) out += 'x';
    append_interval(k);
  }
  return out;
}

Rational box_volume(const Box& box) {
  Rational v(1);
  for (std::size_t i = 0; i < box.dim(); ++i) v *= box.hi[i] - box.lo[i];
  return v;
}

}  // namespace approxcert
