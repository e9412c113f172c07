#!/usr/bin/python3
"""Taylor coefficients by mpmath, the independent reference of tests/net/series_oracle_test.cpp.

Each argument is EXPR@X0 (a target-language expression of x, and an exact point p/q). For each,
prints one line: the coefficients c_0..c_ORDER of EXPR(X0 + t), where c_k = f^(k)(X0)/k!, as decimal
strings with DIGITS significant digits, computed by mpmath's numerical differentiation at 130
digits (its error is far below 10^-DIGITS; the test allows 10^-90 relative)."""
import re
import sys
from fractions import Fraction

import mpmath

ORDER, DIGITS = int(sys.argv[1]), 100
mpmath.mp.dps = 130
NAMES = {"exp": mpmath.exp, "log": mpmath.log, "sqrt": mpmath.sqrt, "sin": mpmath.sin, "cos": mpmath.cos,
         "tan": mpmath.tan, "atan": mpmath.atan, "tanh": mpmath.tanh, "expm1": mpmath.expm1, "log1p": mpmath.log1p,
         "sigmoid": lambda v: 1 / (1 + mpmath.exp(-v)),
         "log2": lambda v: mpmath.log(v, 2), "log10": mpmath.log10, "asin": mpmath.asin, "acos": mpmath.acos,
         "sinh": mpmath.sinh, "cosh": mpmath.cosh, "asinh": mpmath.asinh, "acosh": mpmath.acosh,
         "atanh": mpmath.atanh, "erf": mpmath.erf, "erfc": mpmath.erfc, "pow": mpmath.power, "mpf": mpmath.mpf}

for arg in sys.argv[2:]:
    expr, point = arg.rsplit("@", 1)
    q = Fraction(point)
    x0 = mpmath.mpf(q.numerator) / q.denominator
    # Integer literals become mpmath numbers, so that 1/3 is a 130-digit third, not a double.
    code = compile(re.sub(r"\b(\d+)\b", r"mpf(\1)", expr).replace("^", "**"), "<expr>", "eval")
    f = lambda v: eval(code, {"__builtins__": {}}, dict(NAMES, x=v))  # noqa: E731
    coefficients = mpmath.taylor(f, x0, ORDER)
    print(" ".join(mpmath.nstr(c, DIGITS, min_fixed=1, max_fixed=0) for c in coefficients))
