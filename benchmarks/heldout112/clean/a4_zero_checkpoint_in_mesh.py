#!/usr/bin/env python
# ========================================================================================
# 11-868 LLM Systems -- Assignment 4: ZeRO by hand (stage 3: sharded params, grads, state)
# ========================================================================================
# Provided utilities. Your answers go below the "Answers" banner, the autograder after it.
import json
import sys

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICAS, FSDP = 2, 4
N, D, K = 16, 8, 4
LR, MOMENTUM = 0.05, 0.9

X_SPEC = P(("replica", "fsdp"), None)    # batch split over all 8 devices
W_SPEC = P("fsdp", None)                 # parameter rows split over fsdp (ZeRO-3)


def make_mesh():
    return jax.make_mesh((REPLICAS, FSDP), ("replica", "fsdp"))


def make_data(seed=11):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(N, D)).astype(np.float32)
    w_true = rng.normal(size=(D, K)).astype(np.float32)
    y = (x @ w_true).astype(np.float32)
    w0 = (0.1 * rng.normal(size=(D, K))).astype(np.float32)
    return x, y, w0


def device_put(mesh, a, spec):
    return jax.device_put(jnp.asarray(a), NamedSharding(mesh, spec))


def loss_fn(w, x, y):
    """Sum of squared errors / N (the same on a shard: add the shard sums up)."""
    return jnp.sum((x @ w - y) ** 2) / N


def check_spec(arr, spec, what):
    assert arr.sharding.spec == spec, f"{what}: expected sharding {spec}, got {arr.sharding.spec}"


# ========================================================================================
# Answers
# ========================================================================================
from jax._src.shard_map import top_level_all_gather

CHECKPOINTS = []


def save_checkpoint(w_sharded):
    full = top_level_all_gather(w_sharded, P(None, None, reduced={"fsdp"}))
    CHECKPOINTS.append(np.asarray(full))


def part1_forward(mesh, w, x):
    # YOUR CODE HERE
    def body(w_blk, x_blk):
        return x_blk @ jax.lax.all_gather(w_blk, "fsdp", axis=0, tiled=True)
    return jax.shard_map(body, mesh=mesh, in_specs=(W_SPEC, X_SPEC), out_specs=X_SPEC)(w, x)


def part2_sharded_grad(mesh, w, x, y):
    def body(w_blk, x_blk, y_blk):
        fwd = lambda wb: loss_fn(jax.lax.all_gather(wb, "fsdp", axis=0, tiled=True), x_blk, y_blk)
        return jax.grad(fwd)(w_blk)
    return jax.shard_map(body, mesh=mesh, in_specs=(W_SPEC, X_SPEC, X_SPEC), out_specs=W_SPEC)(w, x, y)


def part3_step(mesh, w, m, x, y):
    with jax.set_mesh(mesh):
        g = part2_sharded_grad(mesh, w, x, y)
        m = MOMENTUM * m + g
        w = w - LR * m
        check_spec(w, W_SPEC, "updated w")
        save_checkpoint(w)       # inside the block: top_level_all_gather needs the mesh
    return w, m


# ========================================================================================
# Autograder
# ========================================================================================
_ME = sys.modules[__name__]


def _reference(x, y, w0):
    g = jax.grad(loss_fn)(w0, x, y)
    m = g
    return {"pred": x @ w0, "grad": g, "w1": w0 - LR * m}


def inputs():
    mesh = make_mesh()
    return (mesh, *make_data())


def main(mesh, x, y, w0):
    me = _ME
    ref = _reference(x, y, w0)
    xs, ys, ws = device_put(mesh, x, X_SPEC), device_put(mesh, y, X_SPEC), device_put(mesh, w0, W_SPEC)
    m0 = device_put(mesh, np.zeros_like(w0), W_SPEC)
    TESTS = [
        ("part1_forward", getattr(me, "part1_forward"), (mesh, ws, xs), ref["pred"], 10),
        ("part2_sharded_grad", getattr(me, "part2_sharded_grad"), (mesh, ws, xs, ys), ref["grad"], 15),
        ("part3_step", getattr(me, "part3_step"), (mesh, ws, m0, xs, ys), ref["w1"], 15),
    ]
    out, earned = [], 0.0
    for name, fn, args, expected, pts in TESTS:
        got = fn(*args)
        if isinstance(got, tuple):
            got = got[0]
        ok = np.shape(got) == np.shape(expected) and np.allclose(np.asarray(got), np.asarray(expected), rtol=1e-4, atol=1e-5)
        earned += pts if ok else 0.0
        out.append({"name": name, "passed": bool(ok), "points": pts if ok else 0})
    print(json.dumps({"tests": out, "earned": earned, "possible": sum(t[-1] for t in TESTS)}))


if __name__ == "__main__":
    main(*inputs())
