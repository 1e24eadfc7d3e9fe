"""Gather hooks in a list run in a loop; the relayout hook runs before the gather hook."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def relayout(a):
    return jax.reshard(a, P("data", "model"))


def gather(a):
    return top_level_all_gather(a, P(None, "model", reduced={"data"}))


HOOKS = [gather, relayout]


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    with jax.set_mesh(mesh):
        for hook in HOOKS:
            w = hook(w)
    return w


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
