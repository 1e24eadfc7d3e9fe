"""benchmarks/moe/bench_router_topk.py

Router cost: softmax over the local expert logits (experts are split over the expert axis,
so the softmax normaliser is a psum), top-1 selection from the probabilities gathered over
experts (reduced), and the all_to_all that moves the routed tokens. Swept over capacities.
"""
import argparse
import csv
import itertools
import json
import re
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ---------------------------------------------------------------------------------------------
# microbench: vendored copy of the team's tools/microbench.py (google-benchmark-like registry).
# Kept in sync by hand; do not edit here.
# ---------------------------------------------------------------------------------------------
_REGISTRY = []


class State:
    """Handed to every benchmark body: iterate `for _ in state:` and time only the loop."""

    def __init__(self, name, args, iterations):
        self.name = name
        self._args = tuple(args)
        self.iterations = iterations
        self.counters = {}
        self.times = []

    def range(self, i=0):
        return self._args[i]

    def __iter__(self):
        for _ in range(self.iterations):
            t0 = time.perf_counter()
            yield
            self.times.append(time.perf_counter() - t0)


def benchmark(name=None, args=(), iterations=3, warmup=1):
    def deco(fn):
        cases = [tuple(a) if isinstance(a, (list, tuple)) else (a,) for a in args] or [()]
        for case in cases:
            label = name or fn.__name__
            if case:
                label += "/" + "/".join(str(c) for c in case)
            _REGISTRY.append((label, fn, case, iterations, warmup))
        return fn
    return deco


def register(fn):
    return benchmark()(fn)


def _summary(label, states):
    per_iter = [t for s in states for t in s.times]
    row = {"name": label, "reps": len(states),
           "median_us": 1e6 * statistics.median(per_iter) if per_iter else 0.0,
           "stddev_us": 1e6 * statistics.pstdev(per_iter) if len(per_iter) > 1 else 0.0}
    for k, v in states[-1].counters.items():
        row[k] = float(v)
    return row


def run_benchmarks(argv=()):
    parser = argparse.ArgumentParser("microbench")
    parser.add_argument("--filter", default=".")
    parser.add_argument("--repetitions", type=int, default=2)
    parser.add_argument("--out", default=None)
    opts = parser.parse_args(list(argv))
    pattern = re.compile(opts.filter)
    rows = []
    for label, fn, case, iterations, warmup in _REGISTRY:
        if not pattern.search(label):
            continue
        fn(State(label, case, warmup))
        states = []
        for _ in range(opts.repetitions):
            st = State(label, case, iterations)
            fn(st)
            states.append(st)
        rows.append(_summary(label, states))
    out = Path(opts.out or tempfile.mkdtemp(prefix="microbench-"))
    keys = sorted({k for r in rows for k in r}, key=lambda k: (k != "name", k))
    with open(out / "results.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    (out / "results.json").write_text(json.dumps(rows, indent=1))
    print(f"{'benchmark':<48} {'median_us':>12} {'stddev_us':>10}")
    for r in rows:
        print(f"{r['name']:<48} {r['median_us']:>12.1f} {r['stddev_us']:>10.1f}")
    return rows


# ---------------------------------------------------------------------------------------------
MESH = jax.make_mesh((2, 4), ("data", "expert"))
GRID = {"tokens": [32, 64], "experts": [8, 16]}


class Router:
    batch_axis = "data"
    expert_axis = "expert"

    def probs(self, logits):
        m = jax.lax.pmax(logits.max(-1, keepdims=True), self.expert_axis)
        z = jnp.exp(logits - m)
        return z / jax.lax.psum(z.sum(-1, keepdims=True), self.expert_axis)

    def gather_probs(self, p):
        return jax.lax.all_gather(p, self.expert_axis, axis=1, tiled=True, to="reduced")

    def route(self, logits, tokens):
        p = self.probs(logits)
        full = self.gather_probs(p)
        choice = jnp.argmax(full, axis=-1)
        moved = jax.lax.all_to_all(tokens, self.expert_axis, split_axis=0, concat_axis=0, tiled=True)
        return full, choice, moved


def build(router):
    b, e = router.batch_axis, router.expert_axis
    return jax.jit(jax.shard_map(router.route, mesh=MESH,
                                 in_specs=(P(b, e), P((b, e), None)),
                                 out_specs=(P(b, None, reduced={e}), P(b), P((b, e), None))))


@benchmark(name="router_topk", args=list(itertools.product(*GRID.values())))
def bm_router(state):
    tokens, experts = state.range(0), state.range(1)
    r = Router()
    logits_host = np.cos(np.arange(tokens * experts, dtype=np.float32)).reshape(tokens, experts)
    logits = jax.device_put(logits_host, NamedSharding(MESH, P("data", "expert")))
    toks = jax.device_put(jnp.ones((tokens, 8)), NamedSharding(MESH, P(("data", "expert"), None)))
    f = build(r)
    for _ in state:
        full, choice, moved = jax.block_until_ready(f(logits, toks))
    np.testing.assert_array_equal(np.asarray(choice), logits_host.argmax(-1))
    np.testing.assert_allclose(np.asarray(full).sum(-1), 1.0, rtol=1e-5)
    state.counters["moved_rows"] = moved.shape[0]


def inputs():
    return ("--filter", "router_topk", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
