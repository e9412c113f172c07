#!/usr/bin/python3
# Independent reference for the fang2022 main instance (d = 2, k = 3, spec 4.1): builds the
# residual stream from the spec's layout by hand (not from the C++ builders) and runs the blocks in
# mpmath at 60 digits. Value routing follows the network: token j's value is W_V applied to its
# CURRENT stream, i.e. its POS columns. Under LayerNorm those columns are normalised too; the
# spec's number -3.2482 is reproduced only if the values are kept as the raw one-hot positions
# ("spec reading" below), which is not the network "with the same weights".
# Prints T_c(1/2, -1/3) for raw scores, row-softmax and LayerNorm (eps = 1e-5);
# construction_test.cpp holds the printed values.
import mpmath as mp

mp.mp.dps = 60
d, k = 2, 3
A = [[()]]
pairs = []
for l in range(k):
    nxt, pr = [], []
    for i, a in enumerate(A[-1]):
        for b in range(a[-1] if a else 0, d + 1):
            nxt.append(a + (b,))
            pr.append((i, b))
    A.append(nxt)
    pairs.append(pr)
m = [len(a) for a in A]
n = m[k]
rs, col = [], n
for l in range(k + 1):
    rs.append(col)
    col += m[l]
ks = []
for l in range(k):
    ks.append(col)
    col += m[l]
D = col


def embed(x):
    xt = [mp.mpf(1)] + list(x)
    H = [[mp.mpf(0)] * D for _ in range(n)]
    for j in range(n):
        H[j][j] = 1
        H[j][rs[0]] = 1
        for l in range(k):
            if j < m[l + 1]:
                ia, b = pairs[l][j]
                H[j][ks[l] + ia] = xt[b]
    return H


def layer_norm(row):
    mu = sum(row) / D
    var = sum((u - mu) ** 2 for u in row) / D
    return [(h - mu) / mp.sqrt(var + mp.mpf('1e-5')) for h in row]


def run(x, mode, raw_positions=False):
    H = embed(x)
    for l in range(k):
        S = [[sum(H[i][rs[l] + t] * H[j][ks[l] + t] for t in range(m[l])) for j in range(n)] for i in range(n)]
        if mode == 'softmax':
            S = [[mp.exp(s) / sum(mp.exp(u) for u in row) for s in row] for row in S]
        H2 = [row[:] for row in H]
        for i in range(n):
            for t in range(m[l + 1]):
                # value of key token j in slot t: its POS_t column (1 if j == t before any LayerNorm)
                H2[i][rs[l + 1] + t] += sum(S[i][j] * ((1 if j == t else 0) if raw_positions else H[j][t]) for j in range(n))
        H = H2
        if mode == 'ln':
            H = [layer_norm(row) for row in H]
    return H


c = [1, -2, 0, 0, 3, 0, 0, mp.mpf(1) / 2, 0, -1]
x = (mp.mpf(1) / 2, -mp.mpf(1) / 3)
for mode, raw in [('none', False), ('softmax', False), ('ln', False), ('ln', True)]:
    H = run(x, mode, raw)
    label = mode + (' (spec reading: raw one-hot values)' if raw else '')
    print(label, mp.nstr(sum(c[t] * H[0][rs[k] + t] for t in range(n)), 30))
