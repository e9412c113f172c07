"""Train a tiny PyTorch MLP on x0*x1 over [0,1]^2, prune a copy, export both to ONNX.

    /usr/bin/python3 docs/examples/train_mlp.py mlp.onnx mlp_pruned.onnx
"""
import copy
import sys

import torch

torch.manual_seed(0)
net = torch.nn.Sequential(torch.nn.Linear(2, 16), torch.nn.ReLU(), torch.nn.Linear(16, 16), torch.nn.ReLU(),
                          torch.nn.Linear(16, 1))
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
x = torch.rand(512, 2)
y = (x[:, 0] * x[:, 1]).unsqueeze(1)
for _ in range(300):
    opt.zero_grad()
    torch.nn.functional.mse_loss(net(x), y).backward()
    opt.step()

pruned = copy.deepcopy(net)  # the smallest 30% of each weight matrix set to 0
with torch.no_grad():
    for layer in pruned:
        if isinstance(layer, torch.nn.Linear):
            w = layer.weight
            w[w.abs() <= w.abs().flatten().kthvalue(int(0.3 * w.numel())).values] = 0

for module, path in ((net, sys.argv[1]), (pruned, sys.argv[2])):
    torch.onnx.export(module, torch.zeros(1, 2), path)
    print("wrote", path)
