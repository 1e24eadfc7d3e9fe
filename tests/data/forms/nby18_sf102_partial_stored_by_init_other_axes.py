import functools

import jax
from jax.sharding import PartitionSpec as P


def load_zero_points(param, loaded, *, shard_axis, replicate_axes):
    per_shard = jax.lax.all_gather(loaded * param.scale, shard_axis, axis=1, tiled=True, to="reduced")
    jax.lax.all_gather(per_shard, replicate_axes, axis=0, tiled=True, to="reduced")
    return loaded


class PackedParameter:
    def __init__(self, name, scale, shard_axis, replicate_axes):
        self.name = name
        self.scale = scale
        self.weight_loader = functools.partial(load_zero_points, self, shard_axis=shard_axis,
                                               replicate_axes=replicate_axes)


def main(mesh, x):
    param = PackedParameter("qzeros", scale=0.25, shard_axis="j", replicate_axes=("i",))
    return jax.shard_map(param.weight_loader, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
