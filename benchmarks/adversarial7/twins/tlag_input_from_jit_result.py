"""x is placed transposed, then re-laid-out by jax.jit(out_shardings=...) before the gather."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    relayout = jax.jit(lambda v: v * 2.0, out_shardings=NamedSharding(mesh, P("model", "data")))
    w = relayout(a)
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
