"""approxcert: certified sup-norm bounds for neural networks, from Python.

Every number crosses the boundary to the C++ library as exact text and comes back as a
fractions.Fraction; nothing is routed through a float. The certified work happens in the native
module (_approxcert); this package only converts values.

    import approxcert
    net = approxcert.load("model.onnx")            # or an approxcert-net/1 file
    net = approxcert.from_torch(torch_sequential)   # Linear / ReLU / Tanh / Sigmoid
    r = approxcert.supnorm(net, "x0*x1", "[0,1]^2", rel_tol="1e-3")
    r.lower, r.upper, r.status, r.witness           # Fractions, a string, a list of Fractions
    approxcert.verify("cert.json")
"""
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import List, Optional

from . import _approxcert
from ._approxcert import InputError, Network, NotExactError
from .torch_export import sequential_to_json

__all__ = ["Network", "InputError", "NotExactError", "SupNormResult", "load", "from_json", "from_torch",
           "weights", "evaluate", "supnorm", "verify"]


def _exact_text(x) -> str:
    """Exact text of an int, Fraction or exact string; floats are refused (say Fraction(x) to mean one)."""
    if isinstance(x, bool) or isinstance(x, float):
        raise TypeError("exact numbers only: pass an int, a fractions.Fraction or a string, not %r" % (x,))
    if isinstance(x, Fraction):
        return "%d/%d" % (x.numerator, x.denominator)
    if isinstance(x, (int, str)):
        return str(x)
    raise TypeError("expected an int, a fractions.Fraction or a string, got %r" % (x,))


def load(path: str) -> Network:
    """A network from an approxcert-net/1 JSON file or an ONNX model (chosen by the file's content)."""
    return _approxcert.load_network(str(path))


def from_json(text: str) -> Network:
    """A network from approxcert-net/1 text."""
    return _approxcert.parse_network(text)


def from_torch(module) -> Network:
    """A network from a torch.nn.Sequential of Linear, ReLU, Tanh and Sigmoid layers; each float
    weight is read as the exact rational it is (float.as_integer_ratio)."""
    return from_json(sequential_to_json(module))


_TEXT_FIELDS = ("type", "normalizer")  # the layer fields that are words, not numbers


def weights(net: Network) -> list:
    """The network's layers as in its approxcert-net/1 file, every number a Fraction."""
    def exact(v, key=None):
        if isinstance(v, list):
            return [exact(e, key) for e in v]
        if isinstance(v, dict):
            return {k: exact(e, k) for k, e in v.items()}
        return v if key in _TEXT_FIELDS or not isinstance(v, str) else Fraction(v)
    return exact(json.loads(net.to_json())["layers"])


def evaluate(net: Network, point, prec: int = 128) -> List[Optional[tuple]]:
    """Certified enclosures [lower, upper] (Fractions) of each output at an exact point; None where
    the enclosure is not finite."""
    out = _approxcert.eval_network(net, [_exact_text(x) for x in point], prec)
    return [None if e is None else (Fraction(e[0]), Fraction(e[1])) for e in out]


@dataclass(frozen=True)
class SupNormResult:
    """lower <= sup over the domain of |target - net| <= upper (upper None: no finite bound)."""
    lower: Fraction
    upper: Optional[Fraction]
    status: str                       # converged, budget_exhausted, precision_exhausted
    witness: Optional[List[Fraction]]  # |error(witness)| >= lower
    boxes: int
    elapsed_seconds: float


def supnorm(net: Network, target, domain: str, rel_tol="1e-6", abs_tol="1e-30", max_boxes: int = 1000000,
            prec: int = 64, output: int = 0, target_output: int = 0) -> SupNormResult:
    """Certified two-sided enclosure of sup |target - net| over the box `domain` ("[a,b]^D" or
    "[a1,b1]x[a2,b2]x...", constant-expression endpoints such as [0,pi] too). `target` is an
    expression in x0, x1, ... or another Network."""
    tol = (_exact_text(rel_tol), _exact_text(abs_tol), max_boxes, prec)
    if isinstance(target, Network):
        r = _approxcert.supnorm_network(net, output, target, target_output, domain, *tol)
    elif isinstance(target, str):
        r = _approxcert.supnorm_expression(net, output, target, domain, *tol)
    else:
        raise TypeError("target must be an expression string or an approxcert.Network")
    return SupNormResult(lower=Fraction(r["lower"]),
                         upper=None if r["upper"] is None else Fraction(r["upper"]),
                         status=r["status"],
                         witness=None if r["witness"] is None else [Fraction(x) for x in r["witness"]],
                         boxes=r["boxes"], elapsed_seconds=r["elapsed_seconds"])


@dataclass(frozen=True)
class VerifyReport:
    kind: str            # supnorm or chain
    verdict: str         # the recorded verdict
    ok: bool             # every check passed
    problems: List[str]
    confirmations: List[str]


def verify(path: str, recompute: bool = True, rebuild: bool = True) -> VerifyReport:
    """Independent re-check of a certificate file, exactly as `approxcert verify` (the same library
    function dispatches on the certificate's kind); rebuild=False is `--no-rebuild`, recompute=False
    is `--no-recompute`. A file that is not a certificate raises InputError."""
    kind, verdict, ok, problems, confirmations = _approxcert.verify(str(path), recompute, rebuild)
    return VerifyReport(kind, verdict, ok, list(problems), list(confirmations))
