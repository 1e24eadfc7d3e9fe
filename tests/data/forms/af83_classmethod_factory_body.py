import jax
from jax.sharding import PartitionSpec as P


class Collectives:
    AXES = ("i", "j")

    @classmethod
    def make_sync(cls, scale):
        def sync(g):
            g = jax.lax.psum(g * scale, cls.AXES[1])
            return jax.lax.pmean(g, cls.AXES)  # SF105

        return sync


def run(mesh, x):
    return jax.shard_map(Collectives.make_sync(0.5), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
