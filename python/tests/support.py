"""Shared helpers of the Python test suite: the CLI's path, a tiny torch MLP, exact evaluation."""
import os
import subprocess
from fractions import Fraction

APPROXCERT_BIN = os.environ.get("APPROXCERT_BIN", "approxcert")
SOURCE_DIR = os.environ.get("APPROXCERT_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def run_cli(*args, cwd=None):
    return subprocess.run([APPROXCERT_BIN, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=600)


def tiny_mlp(activation: str, seed: int = 0, train_steps: int = 5):
    """A 2x16x16x1 MLP, initialised with a fixed seed and trained a few steps towards x0*x1."""
    import torch
    torch.manual_seed(seed)
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU, "sigmoid": torch.nn.Sigmoid}[activation]
    net = torch.nn.Sequential(torch.nn.Linear(2, 16), act(), torch.nn.Linear(16, 16), act(), torch.nn.Linear(16, 1))
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    x = torch.rand(64, 2)
    y = (x[:, 0] * x[:, 1]).unsqueeze(1)
    for _ in range(train_steps):
        opt.zero_grad()
        torch.nn.functional.mse_loss(net(x), y).backward()
        opt.step()
    return net.eval()


def export_onnx(module, path, input_dim=2):
    import torch
    torch.onnx.export(module, torch.zeros(1, input_dim), str(path))


def exact_params(module):
    """Each Linear layer's (weight rows, bias) as Fractions of the float32 values (exact)."""
    import torch
    out = []
    for layer in module:
        if isinstance(layer, torch.nn.Linear):
            w = [[Fraction(v) for v in row] for row in layer.weight.detach().double().tolist()]
            b = [Fraction(v) for v in layer.bias.detach().double().tolist()]
            out.append((w, b))
    return out


def exact_relu_mlp(module, x):
    """The ReLU MLP's outputs at exact x in exact rational arithmetic: an independent reference."""
    import torch
    v = list(x)
    for layer in module:
        if isinstance(layer, torch.nn.Linear):
            w, b = exact_params([layer])[0]
            v = [sum((wi * vi for wi, vi in zip(row, v)), Fraction(0)) + bi for row, bi in zip(w, b)]
        elif isinstance(layer, torch.nn.ReLU):
            v = [max(vi, Fraction(0)) for vi in v]
        else:
            raise ValueError("exact_relu_mlp: only Linear and ReLU")
    return v
