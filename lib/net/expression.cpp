#include "net/expression.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "net/expression_lexer.hpp"
#include "scalar/input_error.hpp"
#include "scalar/syntax.hpp"

namespace approxcert {

namespace {

// c^n with c a constant subexpression (numbers, pi, e, + - * / ^) is refused when its exact value
// could need more than this many bits: "(1e100000)^10000" is an error, not 3 GB of digits.
constexpr long kMaxConstantPowerBits = 1L << 20;

using expression_detail::Tok;
using expression_detail::Token;

struct Function {
  std::string_view name;
  Op op;
  std::size_t arity;
};

constexpr std::array<Function, 27> kFunctions = {{
    {"exp", Op::Exp, 1},         {"log", Op::Log, 1},     {"sqrt", Op::Sqrt, 1},   {"sin", Op::Sin, 1},
    {"cos", Op::Cos, 1},         {"tan", Op::Tan, 1},     {"atan", Op::Atan, 1},   {"tanh", Op::Tanh, 1},
    {"sigmoid", Op::Sigmoid, 1}, {"relu", Op::Relu, 1},   {"abs", Op::Abs, 1},     {"min", Op::Min, 2},
    {"max", Op::Max, 2},         {"expm1", Op::Expm1, 1}, {"log1p", Op::Log1p, 1}, {"log2", Op::Log2, 1},
    {"log10", Op::Log10, 1},     {"asin", Op::Asin, 1},   {"acos", Op::Acos, 1},   {"sinh", Op::Sinh, 1},
    {"cosh", Op::Cosh, 1},       {"asinh", Op::Asinh, 1}, {"acosh", Op::Acosh, 1}, {"atanh", Op::Atanh, 1},
    {"erf", Op::Erf, 1},         {"erfc", Op::Erfc, 1},   {"pow", Op::Pow, 2},
}};

const Function* find_function(std::string_view name) {
  for (const Function& f : kFunctions)
    if (f.name == name) return &f;
  return nullptr;
}

std::string known_functions() {
  std::string s;
  for (const Function& f : kFunctions) {
    if (!s.empty()) s += ' ';
    s += f.name;
  }
  return s;
}

// A parsed node; args index earlier parsed nodes. Kept apart from the Program so that rejected
// text appends nothing. Op::Input means variable x_index.
struct Parsed {
  Op op;
  std::vector<std::uint32_t> args;
  Rational value;          // Op::Const
  std::int64_t index = 0;  // Op::Input: variable; Op::PowInt: exponent
  // For a subexpression without variables built from numbers, pi, e and + - * / ^: an upper bound
  // on the bits of its exact value (numerator plus denominator); -1 otherwise.
  long constant_bits = -1;
};

// Recursive descent, one function per precedence level:
//   expr  := term (('+' | '-') term)*
//   term  := unary (('*' | '/') unary)*
//   unary := ('-' | '+') unary | power          so -x^2 = -(x^2)
//   power := primary ('^' (exponent | rexponent))?
//   exponent := ('-' | '+') exponent | iatom ('^' exponent)?    an exact integer, right-assoc
//   iatom := NUMBER | '(' exponent ')'
//   rexponent := ('-' | '+') rexponent | power                 any other exponent: Pow (base > 0)
//   primary := NUMBER | pi | e | x<k> | NAME '(' expr (',' expr)* ')' | '(' expr ')'
class Parser {
 public:
  // names empty: the variables are x0 .. x{dim-1} (and x when dim = 1); else they are names[k].
  Parser(std::string_view text, std::size_t dim, std::span<const std::string> names = {})
      : text_(text), dim_(dim), names_(names), tokens_(expression_detail::lex_expression(text)) {}

  std::vector<Parsed> parse() {
    if (peek().kind == Tok::End) fail(0, "empty expression");
    expr();
    const Token& t = peek();
    if (t.kind == Tok::RParen) fail(t.pos, "unmatched ')'");
    if (t.kind != Tok::End)
      fail(t.pos, "unexpected " + describe(t) + " after a complete operand: expected an operator");
    return std::move(nodes_);
  }

 private:
  // Bounds the recursion depth so that absurd nesting is an InputError, not a stack overflow.
  class DepthGuard {
   public:
    explicit DepthGuard(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxExpressionDepth)
        p_.fail(p_.peek().pos,
                "expression nested too deeply (limit " + std::to_string(kMaxExpressionDepth) + " levels)");
    }
    ~DepthGuard() { --p_.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    Parser& p_;
  };

  std::uint32_t expr() {
    std::uint32_t lhs = term();
    while (peek().kind == Tok::Plus || peek().kind == Tok::Minus) {
      const Op op = next().kind == Tok::Plus ? Op::Add : Op::Sub;
      lhs = push(op, {lhs, term()});
    }
    return lhs;
  }

  std::uint32_t term() {
    std::uint32_t lhs = unary();
    while (peek().kind == Tok::Star || peek().kind == Tok::Slash) {
      const Op op = next().kind == Tok::Star ? Op::Mul : Op::Div;
      lhs = push(op, {lhs, unary()});
    }
    return lhs;
  }

  std::uint32_t unary() {
    DepthGuard guard(*this);
    if (peek().kind == Tok::Plus) {
      next();
      return unary();
    }
    if (peek().kind == Tok::Minus) {
      next();
      return push(Op::Neg, {unary()});
    }
    return power();
  }

  std::uint32_t power() {
    const std::uint32_t base = primary();
    if (peek().kind != Tok::Caret) return base;
    const std::size_t caret = next().pos;
    // A real exponent is a signed power, the grammar of unary(): x^-y^2 = x^(-(y^2)).
    if (!integer_exponent_ahead()) return push(Op::Pow, {base, unary()});
    Parsed p{Op::PowInt, {base}, Rational(), exponent()};
    const long bits = nodes_[base].constant_bits;
    if (bits >= 0 && bits * std::abs(p.index) > kMaxConstantPowerBits)
      fail(caret, "a constant to the power " + std::to_string(p.index) + " would need about " +
                      std::to_string(bits * std::abs(p.index)) + " bits exactly (limit " +
                      std::to_string(kMaxConstantPowerBits) + ")");
    return push(std::move(p));
  }

  // Whether the tokens ahead spell an integer exponent (the grammar of exponent() with integer
  // numbers): x^2, x^-3, x^(2^3) are integer powers PowInt (any real base); x^(1/3), x^0.5, x^y are
  // real powers Pow. Malformed text counts as integer, so that exponent() reports it.
  bool integer_exponent_ahead() const {
    std::size_t i = cursor_;
    return scan_integer_exponent(i, 0);
  }
  bool scan_integer_exponent(std::size_t& i, std::size_t depth) const {
    if (depth > kMaxExpressionDepth) return true;
    while (tokens_[i].kind == Tok::Plus || tokens_[i].kind == Tok::Minus) ++i;
    const Token& t = tokens_[i];
    if (t.kind == Tok::LParen) {
      ++i;
      if (!scan_integer_exponent(i, depth + 1)) return false;
      if (tokens_[i].kind != Tok::RParen) return tokens_[i].kind == Tok::End;
      ++i;
    } else if (t.kind == Tok::Number) {
      try {
        if (!parse_rational(t.text).is_integer()) return false;
      } catch (const InputError&) {
        return true;
      }
      ++i;
    } else {
      return false;
    }
    if (tokens_[i].kind != Tok::Caret) return true;
    ++i;
    return scan_integer_exponent(i, depth + 1);
  }

  // The exact integer value of an exponent (bounded by kMaxPowerExponent at every step).
  long exponent() {
    DepthGuard guard(*this);
    if (peek().kind == Tok::Plus) {
      next();
      return exponent();
    }
    if (peek().kind == Tok::Minus) {
      next();
      return -exponent();
    }
    const std::size_t start = peek().pos;
    const long base = exponent_atom();
    if (peek().kind != Tok::Caret) return base;
    next();
    return integer_power(base, exponent(), start);
  }

  long exponent_atom() {
    const Token& t = peek();
    if (t.kind == Tok::LParen) {
      next();
      const long v = exponent();
      close_paren(t, "an integer exponent");
      return v;
    }
    if (t.kind != Tok::Number)
      fail(t.pos, "the exponent must be an integer (x^n, x^-n or x^(n)), got " + describe(t) +
                      "; write exp(y*log(x)) for a general power");
    next();
    const Rational v = number(t);
    if (!v.is_integer()) fail(t.pos, "the exponent must be an integer, got " + quoted(t.text));
    if (abs(v) > Rational(kMaxPowerExponent))
      fail(t.pos, "exponent " + quoted(t.text) + " out of range (|n| <= " + std::to_string(kMaxPowerExponent) + ")");
    return v.num().get_si();
  }

  // b^e as an exact integer exponent, or an error at `pos` if it is not an integer or too large.
  long integer_power(long b, long e, std::size_t pos) {
    const std::string what = "exponent " + std::to_string(b) + "^" + std::to_string(e);
    if (b == 0 && e < 0) fail(pos, what + " divides by zero");
    if (b == 0 || b == 1) return e == 0 ? 1 : b;
    if (b == -1) return e % 2 == 0 ? 1 : -1;
    if (e < 0) fail(pos, what + " is not an integer");
    long r = 1;
    for (long k = 0; k < e; ++k) {
      r *= b;  // |r| <= 10000 * 10000 before the check below: no overflow
      if (r > kMaxPowerExponent || r < -kMaxPowerExponent)
        fail(pos, what + " out of range (|n| <= " + std::to_string(kMaxPowerExponent) + ")");
    }
    return r;
  }

  std::uint32_t primary() {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Number: next(); return push(Parsed{Op::Const, {}, number(t)});
      case Tok::Ident: next(); return identifier(t);
      case Tok::LParen: {
        next();
        const std::uint32_t inner = expr();
        close_paren(t, "the expression");
        return inner;
      }
      default: fail(t.pos, "expected a number, variable, constant, function or '(', got " + describe(t));
    }
  }

  std::uint32_t identifier(const Token& t) {
    const std::string_view name = t.text;
    if (is_nonfinite_word(name)) fail(t.pos, quoted(name) + " is not allowed: numbers must be finite and exact");
    if (!names_.empty()) {
      for (std::size_t k = 0; k < names_.size(); ++k)
        if (names_[k] == name) return push(Parsed{Op::Input, {}, Rational(), static_cast<std::int64_t>(k)});
    }
    if (peek().kind == Tok::LParen && (name != "pi" && name != "e" && !is_variable(name))) return call(t);
    if (name == "pi") return push(Op::Pi, {});
    if (name == "e") return push(Op::Exp, {push(Parsed{Op::Const, {}, Rational(1)})});
    if (is_variable(name) && names_.empty()) return variable(t);
    if (find_function(name)) fail(t.pos, "function '" + std::string(name) + "' needs an argument in parentheses");
    fail(t.pos, "unknown identifier " + quoted(name) + " (known: " + variables() + ", constants pi e, functions " +
                    known_functions() + ")");
  }

  // x0, x1, ...; and x, the name of the only variable of a one-input problem.
  static bool is_variable(std::string_view name) {
    if (name == "x") return true;
    if (name.size() < 2 || name[0] != 'x') return false;
    for (char c : name.substr(1))
      if (c < '0' || c > '9') return false;
    return true;
  }

  std::uint32_t variable(const Token& t) {
    if (dim_ == 0) fail(t.pos, "a constant expression has no variables, got " + quoted(t.text));
    if (t.text == "x") {
      if (dim_ != 1)
        fail(t.pos, "variable 'x' names the only input of a one-input problem; this one has " + variables());
      return push(Parsed{Op::Input, {}, Rational(), 0});
    }
    const std::string_view digits = t.text.substr(1);
    if (digits.size() > 1 && digits[0] == '0')
      fail(t.pos, "write variable " + quoted(t.text) + " without leading zeros");
    std::size_t k = 0;
    for (char c : digits.substr(0, 9)) k = k * 10 + static_cast<std::size_t>(c - '0');
    if (digits.size() > 9 || k >= dim_)
      fail(t.pos, "variable " + quoted(t.text) + " out of range: the target has " + variables());
    return push(Parsed{Op::Input, {}, Rational(), static_cast<std::int64_t>(k)});
  }

  std::string variables() const {
    if (!names_.empty()) {
      std::string list;
      for (const std::string& n : names_) list += (list.empty() ? "" : " ") + n;
      return "the names " + list;
    }
    if (dim_ == 0) return "no variables";
    if (dim_ == 1) return "1 variable x0 (or x)";
    return std::to_string(dim_) + " variables x0..x" + std::to_string(dim_ - 1);
  }

  std::uint32_t call(const Token& name) {
    const Function* f = find_function(name.text);
    if (!f) fail(name.pos, "unknown function " + quoted(name.text) + " (known functions: " + known_functions() + ")");
    const Token& open = next();
    std::vector<std::uint32_t> args;
    if (peek().kind != Tok::RParen) {
      args.push_back(expr());
      while (peek().kind == Tok::Comma) {
        next();
        args.push_back(expr());
      }
    }
    close_paren(open, "the arguments of " + std::string(name.text));
    if (args.size() != f->arity)
      fail(name.pos, "function '" + std::string(f->name) + "' takes " + std::to_string(f->arity) + " argument" +
                         (f->arity == 1 ? "" : "s") + ", got " + std::to_string(args.size()));
    return push(f->op, std::move(args));
  }

  void close_paren(const Token& open, const std::string& what) {
    const Token& t = peek();
    if (t.kind == Tok::RParen) {
      next();
      return;
    }
    const std::string open_col = std::to_string(text_column(text_, open.pos));
    if (t.kind == Tok::End) fail(open.pos, "'(' is never closed");
    fail(t.pos, "expected ')' after " + what + " opened at column " + open_col + ", got " + describe(t));
  }

  Rational number(const Token& t) {
    try {
      return parse_rational(t.text);
    } catch (const InputError& e) {
      fail(t.pos, e.what());
    }
  }

  std::string describe(const Token& t) const {
    return t.kind == Tok::End ? std::string("end of expression") : quoted(t.text);
  }

  const Token& peek() const { return tokens_[cursor_]; }
  const Token& next() { return tokens_[cursor_ < tokens_.size() - 1 ? cursor_++ : cursor_]; }

  std::uint32_t push(Parsed p) {
    p.constant_bits = constant_bits(p);
    nodes_.push_back(std::move(p));
    return static_cast<std::uint32_t>(nodes_.size() - 1);
  }
  std::uint32_t push(Op op, std::vector<std::uint32_t> args) { return push(Parsed{op, std::move(args), Rational()}); }

  // The bound documented at Parsed::constant_bits (every argument is already in nodes_).
  long constant_bits(const Parsed& p) const {
    long sum = 0, most = 0;
    for (std::uint32_t a : p.args) {
      const long b = nodes_[a].constant_bits;
      if (b < 0) return -1;
      sum += b;
      most = std::max(most, b);
    }
    switch (p.op) {
      case Op::Const:
        return static_cast<long>(mpz_sizeinbase(p.value.gmp().get_num_mpz_t(), 2) +
                                 mpz_sizeinbase(p.value.gmp().get_den_mpz_t(), 2));
      case Op::Pi: return 2;
      case Op::Exp:
        return p.args.size() == 1 && nodes_[p.args[0]].op == Op::Const && nodes_[p.args[0]].value == Rational(1) ? 2
                                                                                                                 : -1;
      case Op::Neg: return most;
      case Op::Add:
      case Op::Sub: return sum + 1;  // a/b + c/d = (ad + bc)/bd
      case Op::Mul:
      case Op::Div: return sum;
      case Op::PowInt: return most * std::abs(p.index);
      default: return -1;
    }
  }

  [[noreturn]] void fail(std::size_t pos, const std::string& what) const {
    throw InputError("expression: column " + std::to_string(text_column(text_, pos)) + ": " + what);
  }

  std::string_view text_;
  std::size_t dim_;
  std::span<const std::string> names_;
  std::vector<Token> tokens_;
  std::size_t cursor_ = 0;
  std::size_t depth_ = 0;
  std::vector<Parsed> nodes_;
};

}  // namespace

namespace {

NodeId append_parsed(const std::vector<Parsed>& parsed, Program& prog, std::span<const NodeId> vars) {
  std::vector<NodeId> ids(parsed.size());
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    const Parsed& p = parsed[i];
    switch (p.op) {
      case Op::Input: ids[i] = vars[static_cast<std::size_t>(p.index)]; break;
      case Op::Const: ids[i] = prog.constant(p.value); break;
      case Op::Pi: ids[i] = prog.pi(); break;
      case Op::PowInt: ids[i] = prog.pow_int(ids[p.args[0]], p.index); break;
      default:
        ids[i] =
            p.args.size() == 1 ? prog.unary(p.op, ids[p.args[0]]) : prog.binary(p.op, ids[p.args[0]], ids[p.args[1]]);
    }
  }
  return ids.back();
}

}  // namespace

NodeId compile_expression(std::string_view text, Program& prog, std::span<const NodeId> vars) {
  return append_parsed(Parser(text, vars.size()).parse(), prog, vars);
}

NodeId compile_named_expression(std::string_view text, Program& prog, std::span<const NodeId> vars,
                                std::span<const std::string> names) {
  if (names.size() != vars.size() || names.empty())
    throw std::logic_error("compile_named_expression: one name per variable, at least one");
  return append_parsed(Parser(text, vars.size(), names).parse(), prog, vars);
}

std::vector<bool> named_variables_used(std::string_view text, std::span<const std::string> names) {
  if (names.empty()) throw std::logic_error("named_variables_used: at least one name");
  std::vector<bool> used(names.size(), false);
  for (const Parsed& p : Parser(text, names.size(), names).parse())
    if (p.op == Op::Input) used[static_cast<std::size_t>(p.index)] = true;
  return used;
}

bool is_reserved_expression_name(std::string_view name) {
  if (name == "pi" || name == "e" || name == "x" || find_function(name) || is_nonfinite_word(name)) return true;
  if (name.size() >= 2 && name[0] == 'x' && name.find_first_not_of("0123456789", 1) == std::string_view::npos)
    return true;
  return false;
}

Program compile_target(std::string_view text, std::size_t dim) {
  Program prog(dim);
  std::vector<NodeId> vars;
  vars.reserve(dim);
  for (std::size_t k = 0; k < dim; ++k) vars.push_back(prog.input(k));
  prog.add_output(compile_expression(text, prog, vars));
  return prog;
}

}  // namespace approxcert
