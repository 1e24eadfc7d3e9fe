"""The hook list's two-axis entry is replaced through an alias before the body runs."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def full(v):
    return jax.lax.psum(v, ("data", "model"))


def rows(v):
    return jax.lax.psum(v, "data")


HOOKS = [full]


def body(block):
    v = block.sum(axis=0)
    for hook in HOOKS:
        v = hook(v)
    return v


def main(x):
    hooks = HOOKS
    hooks[0] = rows
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
