"""A subclass's own classmethod reads its own private axes (`_Wide__AXES`): both axes, and `counts` is invariant on j."""
import jax
from jax.sharding import PartitionSpec as P


class Base:
    __AXES = ("i",)


class Wide(Base):
    __AXES = ("i", "j")

    @classmethod
    def sync_axes(cls):
        return cls.__AXES


def main(mesh, x):
    axes = Wide.sync_axes()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
