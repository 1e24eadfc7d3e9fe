"""A subclass overrides the setter to keep its axes; set() on a new object leaves them."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class HParams:
    def __init__(self, **fields):
        self.__dict__.update(fields)

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class FrozenAxes(HParams):
    def set(self, **fields):
        fields.pop("sync_axes", None)
        return super().set(**fields)


def main(mesh, x):
    p = FrozenAxes(sync_axes=("i",)).set(sync_axes=("i", "j"), name="norm")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, p.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
