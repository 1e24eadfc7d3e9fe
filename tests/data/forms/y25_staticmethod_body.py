import jax
from jax.sharding import PartitionSpec as P


class Model:
    AXIS = "i"

    @staticmethod
    def forward(h):
        full = jax.lax.all_gather(h, Model.AXIS, to="reduced", tiled=True)
        return jax.lax.psum(full, Model.AXIS)  # SF103

    @classmethod
    def shard(cls, mesh):
        return jax.shard_map(cls.forward, mesh=mesh, in_specs=P(cls.AXIS), out_specs=P())


def run(mesh, x):
    return Model.shard(mesh)(x)
