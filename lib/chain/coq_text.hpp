#pragma once
// Spelling values and names as Coq source text, for `approxcert coq` (docs/proofs.md): exact
// rationals as "(P / Q)", identifiers, safe comments.
#include <cstddef>
#include <string>
#include <string_view>

#include "scalar/rational.hpp"

namespace approxcert::chain {

// Exact: the Coq real (R_scope) equal to q. Integers bare ("5", "(-2)"), other values "(P / Q)"
// in lowest terms with Q > 0 ("(-3 / 4)"). Coq reads numerals as IZR of a Z literal: exact.
std::string coq_real(const Rational& q);

// Exact spellings longer than this are written as short decimals by coq_decimal (lra over
// numerals of tens of thousands of digits does not finish).
inline constexpr std::size_t kCoqShortSpelling = 400;

enum class CoqRounding { Down, Up };

// Exact: a decimal m * 10^e <= q (Down) or >= q (Up) with about `digits` significant digits
// (|m| < 10^(digits + 2)), the nearest such one in that direction; q itself when q is such a
// decimal. digits >= 1.
Rational round_decimal(const Rational& q, CoqRounding direction, int digits);

// Exact: "(sci M E)" (proofs/SciReal.v: M * 10^E) equal to q, with M free of trailing zeros;
// q must be a decimal (denominator 2^a 5^b), else std::logic_error. Round first (round_decimal).
std::string coq_decimal(const Rational& q);

// A Coq identifier made from arbitrary text: every character outside [A-Za-z0-9_] becomes '_',
// and a leading digit gets the prefix "i_". "thm51-retrieval-two-keys" -> "thm51_retrieval_two_keys".
std::string coq_identifier(std::string_view text);

// Text that is safe inside a Coq comment "(* ... *)": no comment delimiters, no '"' (Coq lexes
// strings inside comments), no newline, and none of the words the gap checks forbid
// (Admitted, admit, Abort, Axiom, Parameter, Conjecture, Hypothesis, Variable, ...): such a word
// gets a trailing '_' so that `grep -w` on the exported file stays meaningful.
std::string coq_comment_text(std::string_view text);

}  // namespace approxcert::chain
