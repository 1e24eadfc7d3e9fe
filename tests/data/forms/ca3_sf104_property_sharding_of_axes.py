"""Shardings a `@property` builds from the object's fields: `NamedSharding(self.mesh,
P(*self.axes))`, the axes a constructor default; the out spec another property indexing them."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Writer:
    def __init__(self, mesh, axes=("i", "j")):
        self.mesh = mesh
        self.axes = axes

    @property
    def compute_layout(self):
        return NamedSharding(self.mesh, P(*self.axes))

    @property
    def archive_layout(self):
        return P(self.axes[1], None, reduced={self.axes[0]})

    def archive(self, state):
        return top_level_all_gather(state, self.archive_layout)  # SF104


def main(mesh, x):
    writer = Writer(mesh)
    with jax.set_mesh(mesh):
        step = jax.jit(lambda v: v + 0.1 * jnp.tanh(v), out_shardings=writer.compute_layout)
        y = jax.device_put(x, writer.compute_layout)
        for _ in range(2):
            y = step(y)
        return writer.archive(y)
