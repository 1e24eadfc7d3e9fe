"""timm's `get_norm_layer(name, **kwargs)`: a class picked from a `dict(name=Class)` table and
returned as `partial(layer, **kwargs)` (or itself), built by the caller as
`get_norm_layer(...)(dim)`: every object of the class is built there, so its `__call__` is judged."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class GroupNorm1:
    def __init__(self, num_channels, channel_axis="j", sync_axes=None):
        self.num_channels = num_channels
        self.channel_axis = channel_axis
        self.sync_axes = sync_axes

    def __call__(self, x):
        mean = jax.lax.psum(x.sum(axis=1), self.channel_axis) / self.num_channels
        if self.sync_axes:
            mean = jax.lax.pmean(mean, self.sync_axes)  # SF105
        return mean


_NORM_LAYERS = dict(groupnorm1=GroupNorm1)


def get_norm_layer(name, **norm_kwargs):
    layer = _NORM_LAYERS[name.lower()]
    return functools.partial(layer, **norm_kwargs) if norm_kwargs else layer


class Stage:
    def __init__(self, dim, norm_layer="groupnorm1", norm_kwargs=None):
        self.norm = get_norm_layer(norm_layer, **(norm_kwargs or {}))(dim)

    def __call__(self, x):
        return self.norm(x)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    stage = Stage(16, norm_kwargs=dict(sync_axes=mesh.axis_names))
    return jax.shard_map(stage, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
