"""The gather spec is a property derived from the placed spec's entries."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, placed):
        self.placed = placed

    @property
    def gathered(self):
        return P(None, self.placed[1], reduced={self.placed[0]})


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout(P("model", "data"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, layout.gathered)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
