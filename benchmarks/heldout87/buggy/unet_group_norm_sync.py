"""GroupNorm of a UNet resnet block, optionally synced over the global batch (diffusers-jax port)."""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- normalization.py ----

class GroupNorm(ConfigMixin):
    @register_to_config
    def __init__(self, num_channels, num_groups=32, eps=1e-6, channel_axis="model", stat_axes=None):
        self.eps = eps

    def __call__(self, x):
        channel_axis = self.config.channel_axis
        n = x.shape[-1] * jax.lax.axis_size(channel_axis)
        moments = jnp.concatenate([x.sum(axis=-1, keepdims=True), (x * x).sum(axis=-1, keepdims=True)], axis=-1)
        moments = sync(moments, "sum", channel_axis) / n
        if self.config.stat_axes:
            moments = sync(moments, "mean", self.config.stat_axes)
        mean, mean_sq = moments[:, :1], moments[:, 1:]
        var = mean_sq - mean * mean
        return (x - mean) * jax.lax.rsqrt(var + self.eps)


class ResnetBlock2D(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, out_channels=None, groups=32, eps=1e-6, sync_norm_axes=None):
        self.norm1 = GroupNorm(num_channels=in_channels, num_groups=groups, eps=eps, stat_axes=sync_norm_axes)
        self.norm2 = GroupNorm(num_channels=out_channels or in_channels, num_groups=groups, eps=eps)

    def __call__(self, input_tensor, temb):
        hidden_states = jax.nn.silu(self.norm1(input_tensor))
        hidden_states = hidden_states + temb
        hidden_states = jax.nn.silu(self.norm2(hidden_states))
        return input_tensor + hidden_states


RESNET_CONFIG = json.dumps({"in_channels": 16, "groups": 4, "eps": 1e-5, "sync_norm_axes": ["data", "model"]})


def inputs():
    rng = np.random.default_rng(3)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(sample, temb):
    mesh = create_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    config = json.loads(RESNET_CONFIG)
    config["sync_norm_axes"] = tuple(config["sync_norm_axes"])
    resnet = ResnetBlock2D.from_config(config)
    sample, temb = shard(sample, mesh, spec), shard(temb, mesh, spec)
    return jax.shard_map(resnet, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(sample, temb)


if __name__ == "__main__":
    main(*inputs())
