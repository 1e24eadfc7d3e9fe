import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/layers/_sharding.py) -----------------------------


def create_mesh(shape=(4, 2), axis_names=("batch", "channel")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


# --- layer factories (timm_jax/layers/create_act.py, create_norm.py, adaptive_pool.py) ------

_ACT_LAYERS = dict(
    relu=jax.nn.relu,
    gelu=jax.nn.gelu,
    gelu_tanh=functools.partial(jax.nn.gelu, approximate=True),
    silu=jax.nn.silu,
    tanh=jnp.tanh,
    identity=lambda x: x,
)


def get_act_layer(name="relu"):
    if callable(name):
        return name
    return _ACT_LAYERS[name.lower().replace("-", "_")]


def create_act_layer(name, **kwargs):
    act = get_act_layer(name)
    return functools.partial(act, **kwargs) if kwargs else act


class GroupNorm1:
    """GroupNorm with one group: statistics over the channel shards."""

    def __init__(self, num_channels, eps=1e-5, channel_axis="channel", sync_axes=None):
        self.num_channels = num_channels
        self.eps = eps
        self.channel_axis = channel_axis
        self.sync_axes = sync_axes

    def __call__(self, x):
        mean = jax.lax.psum(x.sum(axis=1), self.channel_axis) / self.num_channels
        var = jax.lax.psum(((x - mean[:, None]) ** 2).sum(axis=1), self.channel_axis) / self.num_channels
        y = (x - mean[:, None]) / jnp.sqrt(var[:, None] + self.eps)
        if self.sync_axes:
            var = jax.lax.pmean(var.mean(), self.sync_axes)
        return y, var


_NORM_LAYERS = dict(groupnorm1=GroupNorm1)


def get_norm_layer(name, **norm_kwargs):
    layer = _NORM_LAYERS[name.lower()]
    return functools.partial(layer, **norm_kwargs) if norm_kwargs else layer


class ConvNeXtStage:
    def __init__(self, dim, norm_layer="groupnorm1", norm_kwargs=None):
        self.norm = get_norm_layer(norm_layer, **(norm_kwargs or {}))(dim)

    def __call__(self, x):
        return self.norm(x)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(x):
    mesh = create_mesh()
    stage = ConvNeXtStage(16, norm_kwargs=dict(sync_axes=mesh.axis_names))
    x = place(x, mesh, P("batch", "channel"))
    return shard_module(stage, mesh, P("batch", "channel"), (P("batch", "channel"), P()))(x)


if __name__ == "__main__":
    print(main(*inputs()))
