"""cls.__AXES in Base's classmethod is _Base__AXES, even when called on the subclass."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Base:
    __AXES = ("i",)

    @classmethod
    def sync_axes(cls):
        return cls.__AXES


class Wide(Base):
    __AXES = ("i", "j")


def main(mesh, x):
    axes = Wide.sync_axes()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
