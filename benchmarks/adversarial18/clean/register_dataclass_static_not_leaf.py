"""A static field is part of the structure, not a leaf."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import dataclasses


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


@dataclasses.dataclass
class Cfg:
    scale: float
    axis: str = dataclasses.field(metadata=dict(static=True))


jax.tree_util.register_dataclass(Cfg)


def main(mesh, x):
    n = len(jax.tree.leaves(Cfg(1.0, "i")))
    axes = ("i", "j")[:n]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
