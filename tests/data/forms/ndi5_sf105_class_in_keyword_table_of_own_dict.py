"""The same table built by a `dict` the module defines itself (it may keep the class anywhere):
where else the class is built is not known, so the body is not judged."""
import jax
from jax.sharding import PartitionSpec as P

KEPT = []


def dict(**entries):
    KEPT.extend(entries.values())
    return entries


class GroupNorm1:
    def __init__(self, num_channels, channel_axis="j", sync_axes=("i", "j")):
        self.num_channels = num_channels
        self.channel_axis = channel_axis
        self.sync_axes = sync_axes

    def __call__(self, x):
        mean = jax.lax.psum(x.sum(axis=1), self.channel_axis) / self.num_channels
        return jax.lax.pmean(mean, self.sync_axes)


_NORM_LAYERS = dict(groupnorm1=GroupNorm1)


def main(mesh, x):
    norm = GroupNorm1(16)
    return jax.shard_map(norm, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
