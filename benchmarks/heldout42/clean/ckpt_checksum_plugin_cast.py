"""Checksums of resharded tensors, computed by a checksum plugin over every mesh axis."""
import abc

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


class ChecksumPlugin(abc.ABC):
    def __init__(self, mesh):
        self.axes = tuple(mesh.axis_names)

    @abc.abstractmethod
    def local(self, shard):
        ...

    def __call__(self, shard):
        part = self.local(shard)
        return jax.lax.psum(part, self.axes)


class RowSumChecksum(ChecksumPlugin):
    def local(self, shard):
        rows = jnp.sum(shard, axis=1)
        rows = jax.lax.psum(rows, self.axes[1])
        return jax.lax.pcast(rows, self.axes[1], to="varying")


def inputs():
    w = (jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8) % 13) / 13.0
    return (jax.device_put(w, NamedSharding(MESH, P("fsdp", "tp"))),)


def main(tensor):
    plugin = RowSumChecksum(MESH)
    return jax.shard_map(plugin, mesh=MESH, in_specs=P("fsdp", "tp"), out_specs=P())(tensor)


if __name__ == "__main__":
    main(*inputs())
