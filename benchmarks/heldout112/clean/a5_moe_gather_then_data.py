# COMP 790 Assignment 5: Mixture-of-Experts with expert parallelism
#
# Starter code by the course staff. The grader imports nothing from you: it
# looks up part1_..., part2_..., part3_... in this file by name, so keep them.
#
# ---------------------------------------------------------------- starter ---
import json
import sys

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

N_DATA, N_EXPERT = 2, 4
TOKENS, D_MODEL = 32, 8          # TOKENS tokens in the global batch

TOK_SPEC = P("data", None)                 # tokens split over data shards
GATE_SPEC = P()                            # router weights replicated
EXPERT_SPEC = P("expert", None, None)      # expert e lives on expert rank e


def build_mesh():
    return jax.make_mesh((N_DATA, N_EXPERT), ("data", "expert"))


def make_data(seed=7):
    r = np.random.RandomState(seed)
    x = r.randn(TOKENS, D_MODEL).astype(np.float32)
    w_gate = r.randn(D_MODEL, N_EXPERT).astype(np.float32)
    w_expert = (r.randn(N_EXPERT, D_MODEL, D_MODEL) / np.sqrt(D_MODEL)).astype(np.float32)
    return x, w_gate, w_expert


def place_all(mesh, x, w_gate, w_expert):
    return (jax.device_put(x, NamedSharding(mesh, TOK_SPEC)),
            jax.device_put(w_gate, NamedSharding(mesh, GATE_SPEC)),
            jax.device_put(w_expert, NamedSharding(mesh, EXPERT_SPEC)))


def moe_reference(x, w_gate, w_expert):
    probs = jax.nn.softmax(x @ w_gate, axis=-1)
    top = jnp.argmax(probs, axis=-1)
    ys = jnp.einsum("td,edf->tef", x, w_expert)
    pick = jnp.take_along_axis(ys, top[:, None, None], axis=1)[:, 0]
    return pick * jnp.max(probs, axis=-1, keepdims=True)


def aux_loss_reference(x, w_gate):
    probs = jax.nn.softmax(x @ w_gate, axis=-1)
    frac = jnp.mean(jax.nn.one_hot(jnp.argmax(probs, -1), N_EXPERT), axis=0)
    return N_EXPERT * jnp.sum(frac * jnp.mean(probs, axis=0))


def shape_ok(a, shape):
    assert tuple(a.shape) == tuple(shape), f"wrong shape {a.shape} != {shape}"
    return True


# ------------------------------------------------------- student solution ---
def part1_route(mesh, x, w_gate):
    # YOUR CODE HERE
    return jax.jit(jax.shard_map(lambda a, g: jnp.argmax(a @ g, axis=1), mesh=mesh,
                                 in_specs=(TOK_SPEC, GATE_SPEC), out_specs=P("data")))(x, w_gate)


def part2_moe_forward(mesh, x, w_gate, w_expert):
    def body(xb, wg, we):
        probs = jax.nn.softmax(xb @ wg)
        mine = xb @ we[0]
        per_expert = jax.lax.all_gather(mine, "expert", axis=1, tiled=False, to="reduced")   # (T/d, E, D)
        whole_batch = jax.lax.all_gather(per_expert, "data", axis=0, tiled=True, to="reduced")
        return whole_batch, probs, jnp.argmax(probs, axis=-1)

    f = jax.shard_map(body, mesh=mesh, in_specs=(TOK_SPEC, GATE_SPEC, EXPERT_SPEC),
                      out_specs=(P(None, None, None, reduced={"data", "expert"}), TOK_SPEC, P("data")))
    ys, probs, top = f(x, w_gate, w_expert)
    ys, top = np.asarray(ys), np.asarray(top)
    return np.take_along_axis(ys, top[:, None, None], axis=1)[:, 0] * np.asarray(probs).max(-1, keepdims=True)


def part3_aux_loss(mesh, x, w_gate):
    def body(xb, wg):
        probs = jax.nn.softmax(xb @ wg)
        frac = jax.lax.psum(jax.nn.one_hot(probs.argmax(-1), N_EXPERT).sum(0), "data") / TOKENS
        return N_EXPERT * jnp.dot(frac, jax.lax.psum(probs.sum(0), "data") / TOKENS)
    return jax.shard_map(body, mesh=mesh, in_specs=(TOK_SPEC, GATE_SPEC), out_specs=P())(x, w_gate)


# ------------------------------------------------------------ autograder ---
SUBMISSION = sys.modules[__name__]


def _check(name, got, expected, pts, tol=1e-4):
    got = np.asarray(got)
    if got.shape != np.shape(expected):
        return {"name": name, "pts": 0, "of": pts, "why": f"shape {got.shape}"}
    if np.allclose(got, expected, atol=tol, rtol=tol):
        return {"name": name, "pts": pts, "of": pts}
    close = np.mean(np.isclose(got, expected, atol=tol, rtol=tol))
    return {"name": name, "pts": round(pts * close * 0.5, 2), "of": pts, "why": f"{close:.0%} close"}


def inputs():
    mesh = build_mesh()
    return (mesh, *make_data())


def main(mesh, x, w_gate, w_expert):
    ns = SUBMISSION
    xs, gs, es = place_all(mesh, x, w_gate, w_expert)
    tests = [
        ("part1_route", (mesh, xs, gs), lambda: np.asarray(jnp.argmax(x @ w_gate, -1)), 5),
        ("part2_moe_forward", (mesh, xs, gs, es), lambda: moe_reference(x, w_gate, w_expert), 15),
        ("part3_aux_loss", (mesh, xs, gs), lambda: aux_loss_reference(x, w_gate), 10),
    ]
    rows = []
    for name, args, expected, pts in tests:
        got = getattr(ns, name)(*args)
        rows.append(_check(name, got, expected(), pts))
    print(json.dumps({"rows": rows, "total": sum(r["pts"] for r in rows)}))


if __name__ == "__main__":
    main(*inputs())
