"""torch.nn.Sequential -> approxcert-net/1 text, every weight as the exact rational it is.

A float32 (or float64) tensor entry is a dyadic rational; float.as_integer_ratio gives it exactly
(float32 -> Python float is exact). No decimal printing, no rounding."""
import json

_ACTIVATIONS = {"ReLU": "relu", "Tanh": "tanh", "Sigmoid": "sigmoid"}


def _exact(x: float) -> str:
    if x != x or x in (float("inf"), float("-inf")):
        raise ValueError("a weight is NaN or infinite")
    p, q = float(x).as_integer_ratio()
    return str(p) if q == 1 else "%d/%d" % (p, q)


def sequential_to_json(module) -> str:
    layers = []
    input_dim = None
    for i, layer in enumerate(module):
        kind = type(layer).__name__
        if kind == "Linear":
            w = layer.weight.detach().cpu().double().tolist()  # float32 -> float64 is exact
            b = layer.bias.detach().cpu().double().tolist() if layer.bias is not None else [0.0] * len(w)
            if input_dim is None:
                input_dim = layer.in_features
            layers.append({"type": "dense", "weight": [[_exact(v) for v in row] for row in w],
                           "bias": [_exact(v) for v in b]})
        elif kind in _ACTIVATIONS:
            layers.append({"type": _ACTIVATIONS[kind]})
        elif kind in ("Identity", "Flatten", "Dropout"):
            continue  # no-ops on a vector at inference
        else:
            raise ValueError("layer %d (%s) is not supported: use Linear, ReLU, Tanh, Sigmoid" % (i, kind))
    if input_dim is None:
        raise ValueError("the Sequential has no Linear layer, so its input dimension is unknown")
    return json.dumps({"format": "approxcert-net/1", "input": {"dim": input_dim}, "layers": layers})
