"""UNetMidBlock2DCrossAttn with attention processors picked by name (diffusers-jax port)."""
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

# ---- attention_processor.py ----

class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states):
        weights = jax.nn.softmax(hidden_states * attn.scale * encoder_hidden_states, axis=-1)
        return hidden_states + weights * encoder_hidden_states, None


class GatheredKVAttnProcessor:
    """Attends over the keys of the whole batch and hands back the key bank for the reference pass."""

    def __init__(self, head_axis="model", bank_axes=("data", "model")):
        self.head_axis = head_axis
        self.bank_axes = tuple(bank_axes)

    def __call__(self, attn, hidden_states, encoder_hidden_states):
        keys = gather_reduced(encoder_hidden_states, self.head_axis, axis=1)
        bank = gather_reduced(keys, self.bank_axes)
        weights = jax.nn.softmax(hidden_states * attn.scale * encoder_hidden_states, axis=-1)
        return hidden_states + weights * encoder_hidden_states, bank


ATTENTION_PROCESSORS = {"default": AttnProcessor, "gathered_kv": GatheredKVAttnProcessor}


class Attention:
    def __init__(self, query_dim, heads=8, dim_head=64, processor=None):
        self.heads = heads
        self.scale = dim_head ** -0.5
        self.set_processor(processor if processor is not None else AttnProcessor())

    def set_processor(self, processor):
        self.processor = processor

    def __call__(self, hidden_states, encoder_hidden_states):
        return self.processor(self, hidden_states, encoder_hidden_states)


# ---- unet_2d_blocks.py ----

class UNetMidBlock2DCrossAttn(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels, num_layers=1, attention_head_dim=4):
        self.attentions = [Attention(in_channels, heads=in_channels // attention_head_dim,
                                     dim_head=attention_head_dim) for _ in range(num_layers)]

    @property
    def attn_processors(self):
        return {f"attentions.{i}.processor": attn.processor for i, attn in enumerate(self.attentions)}

    def set_attn_processor(self, processor):
        count = len(self.attn_processors)
        if isinstance(processor, dict) and len(processor) != count:
            raise ValueError(f"A dict of processors was passed, but the number of processors "
                             f"{len(processor)} does not match the number of attention layers: {count}.")
        for i, attn in enumerate(self.attentions):
            name = f"attentions.{i}.processor"
            attn.set_processor(processor[name] if isinstance(processor, dict) else processor)

    def __call__(self, hidden_states, encoder_hidden_states):
        banks = []
        for attn in self.attentions:
            hidden_states, bank = attn(hidden_states, encoder_hidden_states)
            if bank is not None:
                banks.append(bank)
        return hidden_states, banks[-1]


PROCESSOR_NAMES = {"attentions.0.processor": "default", "attentions.1.processor": "gathered_kv"}


def inputs():
    rng = np.random.default_rng(1)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(hidden_states, encoder_hidden_states):
    mesh = create_mesh((2, 4), ("data", "model"))
    spec = P("data", "model")
    hidden_states = shard(hidden_states, mesh, spec)
    encoder_hidden_states = shard(encoder_hidden_states, mesh, spec)
    mid_block = UNetMidBlock2DCrossAttn(in_channels=16, num_layers=2, attention_head_dim=4)
    mid_block.set_attn_processor({name: ATTENTION_PROCESSORS[kind]() for name, kind in PROCESSOR_NAMES.items()})
    return jax.shard_map(mid_block, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P(None, None, reduced={"data", "model"})))(hidden_states, encoder_hidden_states)


if __name__ == "__main__":
    main(*inputs())
