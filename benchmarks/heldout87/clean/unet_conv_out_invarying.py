"""conv_norm_out / conv_act / conv_out head of a UNet port, activation chosen by name."""
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

# ---- activations.py ----

ACTIVATION_FUNCTIONS = {
    "swish": jax.nn.silu,
    "silu": jax.nn.silu,
    "mish": jax.nn.mish,
    "gelu": jax.nn.gelu,
    "relu": jax.nn.relu,
}


def get_activation(act_fn):
    act_fn = act_fn.lower()
    if act_fn in ACTIVATION_FUNCTIONS:
        return ACTIVATION_FUNCTIONS[act_fn]
    raise ValueError(f"Unsupported activation function: {act_fn}")


# ---- unet_2d_condition.py ----

class UNetOutputHead(ConfigMixin):
    @register_to_config
    def __init__(self, block_out_channels=(16,), out_channels=4, act_fn="silu",
                 norm_num_groups=4, batch_axis="data"):
        self.conv_act = get_activation(act_fn)

    def conv_norm_out(self, sample):
        # the output head sees the rows of the whole batch
        return jax.lax.all_gather(sample, self.config.batch_axis, axis=0, tiled=True, to="invarying")

    def __call__(self, sample):
        sample = self.conv_norm_out(sample)
        sample = self.conv_act(sample)
        return sample.sum(axis=0)


def inputs():
    return (np.random.default_rng(4).standard_normal((8, 16), dtype=np.float32),)


def main(sample):
    mesh = create_mesh((2, 4), ("data", "model"))
    head = UNetOutputHead.from_config({"block_out_channels": [16], "act_fn": "SiLU", "out_channels": 4})
    sample = shard(sample, mesh, P("data", "model"))
    return jax.shard_map(head, mesh=mesh, in_specs=P("data", "model"), out_specs=P("model"))(sample)


if __name__ == "__main__":
    main(*inputs())
