"""ECE 590-07 Lab 3 -- Tensor-parallel MLP (Megatron-style) with jax.shard_map.

Submit this single file. The autograder at the bottom runs your parts on 8 simulated CPU
devices (mesh 2 x 4: "dp" x "tp") and prints a JSON score report.
"""
# ----------------------------------------------------------------------------------
# Starter code (provided). Do not edit: the autograder depends on these names.
# ----------------------------------------------------------------------------------
import functools
import json
import sys

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = 2, 4
B, D_MODEL, D_FF = 8, 16, 32


def setup_mesh():
    devs = jax.devices()
    assert len(devs) == DP * TP, f"need {DP * TP} devices, found {len(devs)}"
    return jax.make_mesh((DP, TP), ("dp", "tp"))


def make_data(key=0):
    k1, k2, k3 = jax.random.split(jax.random.key(key), 3)
    x = jax.random.normal(k1, (B, D_MODEL), jnp.float32)
    w1 = jax.random.normal(k2, (D_MODEL, D_FF), jnp.float32) / np.sqrt(D_MODEL)
    w2 = jax.random.normal(k3, (D_FF, D_MODEL), jnp.float32) / np.sqrt(D_FF)
    return x, w1, w2


def check_shape(name, arr, expected):
    if tuple(arr.shape) != tuple(expected):
        raise AssertionError(f"{name} has shape {tuple(arr.shape)}, expected {tuple(expected)}")


def put(mesh, arr, *spec):
    return jax.device_put(arr, NamedSharding(mesh, P(*spec)))


def mlp_reference(x, w1, w2):
    return jax.nn.gelu(x @ w1) @ w2


class Grader:
    def __init__(self):
        self.tests = []

    def test(self, points):
        def deco(fn):
            self.tests.append((fn.__name__, points, fn))
            return fn
        return deco

    def run(self, *args):
        out = {"tests": [], "score": 0.0, "max_score": 0.0}
        for name, points, fn in self.tests:
            out["max_score"] += points
            try:
                frac = float(fn(*args))
            except AssertionError as err:   # wrong answers get 0; crashes are YOUR bug
                frac, msg = 0.0, str(err)
            else:
                msg = "ok" if frac == 1.0 else "partial"
            out["score"] += points * frac
            out["tests"].append({"name": name, "score": points * frac, "output": msg})
        return out


grader = Grader()


# ----------------------------------------------------------------------------------
# Your solution. Fill in every `# YOUR CODE HERE`.
# ----------------------------------------------------------------------------------

# Part 1
def gather_cols(h_blk):
    # columns of the hidden layer back together (all tp ranks)
    return jax.lax.all_gather(h_blk, "tp", axis=1, tiled=True, to="reduced")


def part1_column_parallel(mesh, x, w1):
    def body(x_blk, w1_blk):
        # YOUR CODE HERE
        return jax.nn.gelu(x_blk @ w1_blk)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("dp", None), P(None, "tp")),
                         out_specs=P("dp", "tp"))(x, w1)


# Part 2
def part2_body(x_blk, w1_blk, w2_blk):
    h = jax.nn.gelu(x_blk @ w1_blk)
    y = jax.lax.psum(h @ w2_blk, "tp")
    return y, gather_cols(h)


def part2_tp_mlp(mesh):
    f = jax.shard_map(part2_body, mesh=mesh,
                      in_specs=(P("dp", None), P(None, "tp"), P("tp", None)),
                      out_specs=(P("dp", None), P("dp", None, reduced={"tp"})))
    return jax.jit(lambda *a: f(*a)[0])


# Part 3 (I reuse part 2's body so I don't duplicate code)
def part3_tp_loss(mesh):
    def body(x_blk, w1_blk, w2_blk):
        y, h_full = part2_body(x_blk, w1_blk, w2_blk)
        # YOUR CODE HERE
        # 3c: activation penalty, summed over every tp rank's columns
        penalty = 1e-4 * jax.lax.psum(jnp.sum(h_full, axis=1), "tp")
        return jax.lax.psum(jnp.sum(y * y), "dp") / (B * D_MODEL), penalty

    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P("dp", None), P(None, "tp"), P("tp", None)),
                      out_specs=(P(), P("dp")))
    return jax.jit(lambda *a: f(*a)[0])


# ----------------------------------------------------------------------------------
# Autograder (instructor). Looks your functions up by name.
# ----------------------------------------------------------------------------------
_sub = sys.modules[__name__]


@grader.test(points=5)
def test_part1_column(mesh, x, w1, w2):
    h = getattr(_sub, "part1_column_parallel")(mesh, put(mesh, x, "dp", None), put(mesh, w1, None, "tp"))
    check_shape("h", h, (B, D_FF))
    return np.allclose(h, jax.nn.gelu(x @ w1), atol=1e-4)


@grader.test(points=10)
def test_part2_mlp(mesh, x, w1, w2):
    fn = getattr(_sub, "part2_tp_mlp")(mesh)
    y = fn(put(mesh, x, "dp", None), put(mesh, w1, None, "tp"), put(mesh, w2, "tp", None))
    check_shape("y", y, (B, D_MODEL))
    return np.allclose(y, mlp_reference(x, w1, w2), atol=1e-4)


@grader.test(points=10)
def test_part3_loss(mesh, x, w1, w2):
    fn = getattr(_sub, "part3_tp_loss")(mesh)
    loss = fn(put(mesh, x, "dp", None), put(mesh, w1, None, "tp"), put(mesh, w2, "tp", None))
    ref = jnp.mean(mlp_reference(x, w1, w2) ** 2)
    # partial credit: right up to a constant factor
    if np.allclose(loss, ref, rtol=1e-3):
        return 1.0
    return 0.5 if np.isfinite(float(np.ravel(loss)[0])) else 0.0


def inputs():
    mesh = setup_mesh()
    return (mesh, *make_data())


def main(mesh, x, w1, w2):
    report = grader.run(mesh, x, w1, w2)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(*inputs())
