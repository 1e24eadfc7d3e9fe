"""The gather spec is written from the placed spec's entries by index (placed[1], placed[0])."""
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
    placed = P("data", "model")
    w = jax.device_put(x, NamedSharding(mesh, placed))
    out = P(None, placed[1], reduced={placed[0]})
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, out)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
