"""The gather spec starts non-prefix and is rebound in a taken branch."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


GATHER_ROWS = False


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = P("model", None, reduced={"data"})
    if GATHER_ROWS:
        out = P(None, "model", reduced={"data"})
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, out)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
