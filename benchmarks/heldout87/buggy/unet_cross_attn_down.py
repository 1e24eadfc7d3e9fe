"""Down path of a UNet2DConditionModel port: blocks are built by name from the unet config."""
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

class DownBlock2D(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, out_channels, num_layers=1, batch_axis="data"):
        self.num_layers = num_layers

    def __call__(self, hidden_states, temb, encoder_hidden_states=None):
        for _ in range(self.num_layers):
            hidden_states = jax.nn.silu(hidden_states + temb)
        return hidden_states, (hidden_states,)


class CrossAttnDownBlock2D(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, out_channels, num_layers=1, cross_attention_dim=16,
                 batch_axis="data", temb_reduction="mean"):
        self.num_layers = num_layers

    def temb_shift(self, temb):
        # the shift is shared by every sample of the global batch
        return sync(temb, self.config.temb_reduction, self.config.batch_axis)

    def __call__(self, hidden_states, temb, encoder_hidden_states=None):
        shift = self.temb_shift(temb)
        for _ in range(self.num_layers):
            weights = jax.nn.softmax(hidden_states * encoder_hidden_states, axis=-1)
            hidden_states = hidden_states + weights * encoder_hidden_states + shift
        context = jax.lax.all_gather(shift, self.config.batch_axis, axis=0, tiled=True, to="reduced")
        return hidden_states, (context,)


def get_down_block(down_block_type, num_layers, in_channels, out_channels, temb_reduction="mean",
                   cross_attention_dim=None, batch_axis="data"):
    down_block_type = down_block_type[7:] if down_block_type.startswith("UNetRes") else down_block_type
    if down_block_type == "DownBlock2D":
        return DownBlock2D(in_channels=in_channels, out_channels=out_channels, num_layers=num_layers,
                           batch_axis=batch_axis)
    elif down_block_type == "CrossAttnDownBlock2D":
        if cross_attention_dim is None:
            raise ValueError("cross_attention_dim must be specified for CrossAttnDownBlock2D")
        return CrossAttnDownBlock2D(in_channels=in_channels, out_channels=out_channels, num_layers=num_layers,
                                    cross_attention_dim=cross_attention_dim, batch_axis=batch_axis,
                                    temb_reduction=temb_reduction)
    raise ValueError(f"{down_block_type} does not exist.")


UNET_CONFIG = {
    "down_block_types": ["DownBlock2D", "CrossAttnDownBlock2D"],
    "block_out_channels": [16, 16],
    "layers_per_block": 2,
    "cross_attention_dim": 16,
    "temb_reduction": "mean",
}


def inputs():
    rng = np.random.default_rng(0)
    sample = rng.standard_normal((8, 16), dtype=np.float32)
    temb = rng.standard_normal((8, 16), dtype=np.float32)
    context = rng.standard_normal((8, 16), dtype=np.float32)
    return sample, temb, context


def main(sample, temb, encoder_hidden_states):
    mesh = create_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    sample, temb, encoder_hidden_states = (shard(a, mesh, spec) for a in (sample, temb, encoder_hidden_states))
    cfg = UNET_CONFIG
    blocks = [
        get_down_block(name, num_layers=cfg["layers_per_block"], in_channels=ch, out_channels=ch,
                       temb_reduction=cfg["temb_reduction"], cross_attention_dim=cfg["cross_attention_dim"])
        for name, ch in zip(cfg["down_block_types"], cfg["block_out_channels"])
    ]

    def down(sample, temb, encoder_hidden_states):
        down_block_res_samples = ()
        for block in blocks:
            sample, res_samples = block(sample, temb, encoder_hidden_states=encoder_hidden_states)
            down_block_res_samples += res_samples
        return sample, down_block_res_samples[-1]

    return jax.shard_map(down, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(spec, P(None, "model", reduced={"data"})))(sample, temb, encoder_hidden_states)


if __name__ == "__main__":
    main(*inputs())
