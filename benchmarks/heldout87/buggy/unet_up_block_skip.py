"""Up path of a UNet2DConditionModel port: skip connections are gathered over the batch."""
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

# ---- unet_2d_blocks.py ----

class CrossAttnDownBlock2D(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, out_channels, num_layers=1, batch_axis="data"):
        self.num_layers = num_layers

    def __call__(self, hidden_states, temb):
        output_states = ()
        for _ in range(self.num_layers):
            hidden_states = jax.nn.silu(hidden_states + temb)
            output_states += (gather_reduced(hidden_states, self.config.batch_axis),)
        return hidden_states, output_states


class CrossAttnUpBlock2D(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, out_channels, prev_output_channel, num_layers=1,
                 batch_axis="data", skip_norm="mean"):
        self.num_layers = num_layers

    def skip_scale(self, res_hidden_states):
        energy = jnp.abs(res_hidden_states).sum(axis=0)
        return sync(energy, self.config.skip_norm, self.config.batch_axis)

    def __call__(self, hidden_states, res_hidden_states_tuple, temb):
        for _ in range(self.num_layers):
            res_hidden_states = res_hidden_states_tuple[-1]
            res_hidden_states_tuple = res_hidden_states_tuple[:-1]
            hidden_states = hidden_states / (1.0 + self.skip_scale(res_hidden_states))
            hidden_states = jax.nn.silu(hidden_states + temb)
        return hidden_states


def get_down_block(down_block_type, num_layers, in_channels, out_channels, batch_axis="data"):
    if down_block_type == "CrossAttnDownBlock2D":
        return CrossAttnDownBlock2D(in_channels=in_channels, out_channels=out_channels,
                                    num_layers=num_layers, batch_axis=batch_axis)
    raise ValueError(f"{down_block_type} does not exist.")


def get_up_block(up_block_type, num_layers, in_channels, out_channels, prev_output_channel,
                 batch_axis="data", skip_norm="mean"):
    if up_block_type == "CrossAttnUpBlock2D":
        return CrossAttnUpBlock2D(in_channels=in_channels, out_channels=out_channels,
                                  prev_output_channel=prev_output_channel, num_layers=num_layers,
                                  batch_axis=batch_axis, skip_norm=skip_norm)
    raise ValueError(f"{up_block_type} does not exist.")


class UNet2DConditionModel(ConfigMixin):
    @register_to_config
    def __init__(self, down_block_types=("CrossAttnDownBlock2D",), up_block_types=("CrossAttnUpBlock2D",),
                 block_out_channels=(16,), layers_per_block=1, skip_norm="mean"):
        self.down_blocks = [get_down_block(t, layers_per_block, c, c)
                            for t, c in zip(down_block_types, block_out_channels)]
        self.up_blocks = [get_up_block(t, layers_per_block, c, c, c, skip_norm=skip_norm)
                          for t, c in zip(up_block_types, reversed(block_out_channels))]

    def __call__(self, sample, temb):
        down_block_res_samples = ()
        for block in self.down_blocks:
            sample, res_samples = block(sample, temb)
            down_block_res_samples += res_samples
        for block in self.up_blocks:
            res_samples = down_block_res_samples[-block.num_layers:]
            down_block_res_samples = down_block_res_samples[:-block.num_layers]
            sample = block(sample, res_samples, temb)
        return sample


def inputs():
    rng = np.random.default_rng(2)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(sample, temb):
    mesh = create_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    unet = UNet2DConditionModel.from_config(
        {"block_out_channels": [16], "layers_per_block": 2, "skip_norm": "mean", "_class_name": "UNet2DConditionModel"})
    sample, temb = shard(sample, mesh, spec), shard(temb, mesh, spec)
    return jax.shard_map(unet, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(sample, temb)


if __name__ == "__main__":
    main(*inputs())
