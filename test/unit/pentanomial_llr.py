"""An independent computation of the duel's statistics (test/unit/pentanomial.test.ts holds its output).

For recorded pair counts [LL, LD, WL+DD, WD, WW] it fits, by scipy's constrained optimiser (SLSQP), the most
likely distribution over the pair scores [0, 1/4, 1/2, 3/4, 1] under each hypothesis -- a mean score
1/(1 + 10^(-elo/400)) (logistic), or (mean - 1/2)/sd = sqrt(2)*elo/(800/ln 10) (normalised) -- and prints
LLR = N * sum(phat * ln(p1/p0)), with empty cells counted as 1e-3 pairs as fastchess does; and the Elo,
its 95% interval and LOS of the pentanomial model. Run: python3 test/unit/pentanomial_llr.py
"""
import json
import math
import numpy as np
from scipy.optimize import minimize
from scipy.stats import norm

A = np.array([0, 0.25, 0.5, 0.75, 1.0])
C = 800 / math.log(10)


def fit(phat, constraint):
    cons = [{"type": "eq", "fun": lambda p: p.sum() - 1}, {"type": "eq", "fun": constraint}]
    r = minimize(lambda p: -(phat * np.log(p)).sum(), phat.copy(), method="SLSQP", constraints=cons,
                 bounds=[(1e-12, 1)] * 5, options={"ftol": 1e-15, "maxiter": 1000})
    assert r.success, r.message
    return r.x


def llr(counts, elo0, elo1, model):
    c = np.array([x if x else 1e-3 for x in counts], dtype=float)
    n = c.sum()
    phat = c / n
    if model == "logistic":
        s = lambda e: 1 / (1 + 10 ** (-e / 400))
        con = lambda e: (lambda p: (p * A).sum() - s(e))
    else:
        def con(e):
            t = math.sqrt(2) * e / C
            def f(p):
                mu = (p * A).sum()
                sd = math.sqrt((p * (A - mu) ** 2).sum())
                return (mu - 0.5) - t * sd
            return f
    p0, p1 = fit(phat, con(elo0)), fit(phat, con(elo1))
    return n * (phat * (np.log(p1) - np.log(p0))).sum()


def estimate(counts):
    c = np.array(counts, dtype=float)
    n = c.sum()
    p = c / n
    mu = (p * A).sum()
    var = (p * (A - mu) ** 2).sum()
    se = math.sqrt(var / n)
    elo = lambda s: -400 * math.log10(1 / s - 1)
    z = norm.ppf(0.975)
    return {"score": mu, "elo": elo(mu), "eloLo": elo(mu - z * se), "eloHi": elo(mu + z * se),
            "nelo": (mu - 0.5) / math.sqrt(2 * var) * C, "los": norm.cdf((mu - 0.5) / se)}


CASES = [
    [10, 30, 80, 35, 12],
    [2, 15, 60, 40, 20],
    [30, 45, 70, 20, 5],
    [0, 3, 20, 9, 1],
    [412, 1630, 2611, 1687, 433],
]
out = []
for counts in CASES:
    out.append({
        "counts": counts,
        "logistic_0_10": llr(counts, 0, 10, "logistic"),
        "logistic_m5_5": llr(counts, -5, 5, "logistic"),
        "normalized_0_10": llr(counts, 0, 10, "normalized"),
        "normalized_0_5": llr(counts, 0, 5, "normalized"),
        **estimate(counts),
    })
print(json.dumps(out, indent=1))
