"""A layer class filed in a `dict(name=Class)` table (timm's `_NORM_LAYERS`), built through a
pick of that table as the body: the table builds it only there, so the object's `__call__` is
judged."""
import jax
from jax.sharding import PartitionSpec as P


class GroupNorm1:
    def __init__(self, num_channels, channel_axis="j", sync_axes=("i", "j")):
        self.num_channels = num_channels
        self.channel_axis = channel_axis
        self.sync_axes = sync_axes

    def __call__(self, x):
        mean = jax.lax.psum(x.sum(axis=1), self.channel_axis) / self.num_channels
        return jax.lax.pmean(mean, self.sync_axes)  # SF105


_NORM_LAYERS = dict(groupnorm1=GroupNorm1)


def create_norm(name, dim):
    layer = _NORM_LAYERS[name]
    return layer(dim)


def main(mesh, x):
    norm = create_norm("groupnorm1", 16)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
