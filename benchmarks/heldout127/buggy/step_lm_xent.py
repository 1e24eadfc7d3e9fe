"""benchmarks/e2e/bench_lm_step.py

Language-model head step: vocab-parallel logits, vocab-parallel cross entropy (max and
normaliser reduced over the model axis), and the gradient step. The `eval_logits` option
gathers the vocab shards (reduced) first, for the eval harness that wants full logits.
"""
import functools
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
MESH = jax.make_mesh((2, 4), ("dp", "mp"))
VOCAB_AXIS = "mp"
CAP = 30.0
GRID = {"vocab": [64, 128], "eval_logits": [False, True]}


def vocab_parallel_xent(logits, labels_onehot, axis):
    # logits are soft-capped to [-CAP, CAP] by the head, so no max-shift is needed
    z = jnp.exp(logits)
    denom = jax.lax.psum(z.sum(-1, keepdims=True), axis)
    target = jax.lax.psum(jnp.sum(logits * labels_onehot, -1, keepdims=True), axis)
    return jnp.mean(jnp.log(denom) - target)


def head_logits(h, w, eval_logits):
    logits = CAP * jnp.tanh((h @ w) / CAP)
    if eval_logits:
        logits = jax.lax.all_gather(logits, VOCAB_AXIS, axis=1, tiled=True, to="reduced")
    return logits


def loss_fn(w, h, onehot, eval_logits):
    logits = head_logits(h, w, eval_logits)
    return vocab_parallel_xent(logits, onehot, VOCAB_AXIS)


def step(w, h, onehot, eval_logits, lr=0.1):
    loss, g = jax.value_and_grad(loss_fn)(w, h, onehot, eval_logits)
    return w - lr * g, jax.lax.pmean(loss, "dp")


@functools.cache
def compiled(eval_logits):
    body = functools.partial(step, eval_logits=eval_logits)
    oh_spec = P("dp", None) if eval_logits else P("dp", VOCAB_AXIS)
    return jax.jit(jax.shard_map(body, mesh=MESH,
                                 in_specs=(P(None, VOCAB_AXIS), P("dp", None), oh_spec),
                                 out_specs=(P(None, VOCAB_AXIS), P()))), oh_spec


@benchmark(name="lm_step", args=list(itertools.product(*GRID.values())))
def bm_lm(state):
    vocab, eval_logits = state.range(0), state.range(1)
    f, oh_spec = compiled(eval_logits)
    w = jax.device_put(jnp.zeros((16, vocab)), NamedSharding(MESH, P(None, VOCAB_AXIS)))
    h = jax.device_put(jnp.ones((8, 16)), NamedSharding(MESH, P("dp", None)))
    oh = jax.device_put(jax.nn.one_hot(jnp.arange(8) % vocab, vocab), NamedSharding(MESH, oh_spec))
    for _ in state:
        w, loss = jax.block_until_ready(f(w, h, oh))
    state.counters["loss"] = float(loss)


def inputs():
    return ("--filter", "lm_step/64", "--repetitions", "1")


def main(*argv):
    return run_benchmarks(argv)


if __name__ == "__main__":
    main(*inputs())
