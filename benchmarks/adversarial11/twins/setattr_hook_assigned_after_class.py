"""__setattr__ is put on the class after its statement: every store keeps only the first axis."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def _first_only(self, name, value):
    if name == "sync_axes":
        value = tuple(value)[:2]
    object.__setattr__(self, name, value)


class Reducer:
    def __init__(self):
        self.sync_axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.sync_axes)


Reducer.__setattr__ = _first_only


def main(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
