"""
6.S894 Accelerated Computing -- Problem Set 5, pipeline parallelism (GPipe schedule)

  * Part 1: one pipeline stage
  * Part 2: forward pass over all stages with ppermute between neighbours
  * Part 3: loss averaged over micro-batches

Run `python pset5.py`. The tests at the end print a JSON line that Gradescope parses.
"""
# --- provided ------------------------------------------------------------------------
import inspect
import json
import sys
import traceback

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES, DATA = 4, 2
MICRO, MB, WIDTH = 6, 4, 16        # 6 micro-batches of 4 rows each per data shard

W_SPEC = P("stage", None, None)       # one (WIDTH, WIDTH) matrix per stage
X_SPEC = P(None, "data", None)        # (MICRO, DATA * MB, WIDTH)


def pipeline_mesh():
    return jax.make_mesh((STAGES, DATA), ("stage", "data"))


def make_data(seed=3):
    rng = np.random.default_rng(seed)
    w = rng.normal(scale=WIDTH ** -0.5, size=(STAGES, WIDTH, WIDTH)).astype(np.float32)
    x = rng.normal(size=(MICRO, DATA * MB, WIDTH)).astype(np.float32)
    return w, x


def sequential_reference(w, x):
    h = x
    for s in range(STAGES):
        h = jnp.tanh(h @ w[s])
    return h


def next_stage_perm():
    return [(s, s + 1) for s in range(STAGES - 1)]


def expect_shape(arr, shape):
    assert arr.shape == shape, f"got shape {arr.shape}, want {shape}"


# --- your code -----------------------------------------------------------------------
def part1_stage(w, h):
    # YOUR CODE HERE
    return jnp.tanh(h @ w)


def _gpipe(w_blk, xs):
    me = jax.lax.axis_index("stage")
    w = w_blk[0]
    carry = jnp.zeros(xs.shape[1:], xs.dtype)
    outs = jnp.zeros_like(xs)
    for t in range(MICRO + STAGES - 1):
        feed = xs[min(t, MICRO - 1)]
        h = part1_stage(w, jnp.where(me == 0, feed, carry))
        done = t - (STAGES - 1)
        if done >= 0:
            outs = outs.at[done].set(h)
        carry = jax.lax.ppermute(h, "stage", next_stage_perm())
    # only the last stage's `outs` are real; broadcast them to every stage
    return jax.lax.psum(jnp.where(me == STAGES - 1, outs, 0.0), "stage")


def part2_pipeline_forward(mesh):
    return jax.jit(jax.shard_map(_gpipe, mesh=mesh, in_specs=(W_SPEC, X_SPEC), out_specs=X_SPEC))


def part3_pipeline_loss(mesh):
    def body(w_blk, xs):
        out = _gpipe(w_blk, xs)
        # out is the same on every stage now: only the data axis still needs a sum
        return jax.lax.psum(jnp.sum(out ** 2), "data") / (MICRO * DATA * MB * WIDTH)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(W_SPEC, X_SPEC), out_specs=P()))


# --- tests (provided) ----------------------------------------------------------------
PSET = sys.modules[__name__]


def test_part1(mesh, w, x):
    stage = getattr(PSET, "part1_stage")
    got = stage(jnp.asarray(w[0]), jnp.asarray(x[0]))
    return np.allclose(got, np.tanh(x[0] @ w[0]), atol=1e-5)


def test_part2(mesh, w, x):
    fwd = getattr(PSET, "part2_pipeline_forward")(mesh)
    out = fwd(jax.device_put(w, NamedSharding(mesh, W_SPEC)), jax.device_put(x, NamedSharding(mesh, X_SPEC)))
    expect_shape(out, x.shape)
    return np.allclose(out, sequential_reference(w, x), atol=1e-4)


def test_part3(mesh, w, x):
    loss_fn = getattr(PSET, "part3_pipeline_loss")(mesh)
    loss = loss_fn(jax.device_put(w, NamedSharding(mesh, W_SPEC)), jax.device_put(x, NamedSharding(mesh, X_SPEC)))
    return np.allclose(loss, jnp.mean(sequential_reference(w, x) ** 2), rtol=1e-4)


POINTS = {"test_part1": 2, "test_part2": 6, "test_part3": 4}


def inputs():
    w, x = make_data()
    return pipeline_mesh(), w, x


def main(mesh, w, x):
    mod = PSET
    tests = [(n, f) for n, f in inspect.getmembers(mod, inspect.isfunction) if n.startswith("test_")]
    score, lines = 0, []
    for name, fn in sorted(tests):
        try:
            ok = bool(fn(mesh, w, x))
        except AssertionError:
            traceback.print_exc()
            ok = False
        score += POINTS[name] if ok else 0
        lines.append({"name": name, "ok": ok})
    print(json.dumps({"score": score, "max": sum(POINTS.values()), "tests": lines}))


if __name__ == "__main__":
    main(*inputs())
