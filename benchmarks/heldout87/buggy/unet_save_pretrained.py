"""save_pretrained of a UNet port: each parameter is gathered to its export layout."""
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

# ---- modeling_utils.py ----

class ModelMixin(ConfigMixin):
    _sharding_rules = {}

    def init_params(self, mesh, rng):
        params = {}
        for name, (shape, layout) in self._sharding_rules.items():
            rng, key = jax.random.split(rng)
            value = np.asarray(jax.random.normal(key, shape), dtype=np.float32)
            params[name] = shard(value, mesh, spec_from_layout(layout))
        return params

    def export_spec(self, name):
        layout = self.config.export_layouts.get(name, self.config.default_export_layout)
        return spec_from_layout(layout, reduced=self.config.gathered_axes)

    def save_pretrained(self, params):
        state = {}
        for name, value in params.items():
            state[name] = top_level_all_gather(value, self.export_spec(name))
        return {"config": self.save_config(), "state_dict": state}


class UNet2DConditionModel(ModelMixin):
    _sharding_rules = {
        "conv_in.kernel": ((8, 16), "data,model"),
        "time_embedding.linear_1.kernel": ((8, 16), "data,model"),
        "conv_out.kernel": ((16, 8), "data,model"),
    }

    @register_to_config
    def __init__(self, in_channels=4, out_channels=4, block_out_channels=(16,),
                 gathered_axes=("data",), default_export_layout="-,model", export_layouts=None):
        self.block_out_channels = block_out_channels


EXPORT_LAYOUTS = {"conv_in.kernel": "-,model", "conv_out.kernel": "model,-"}


def inputs():
    return (0,)


def main(seed):
    mesh = create_mesh((2, 4), ("data", "model"))
    unet = UNet2DConditionModel(export_layouts=EXPORT_LAYOUTS)
    params = unet.init_params(mesh, jax.random.key(seed))
    with jax.set_mesh(mesh):
        saved = unet.save_pretrained(params)
    return saved["state_dict"]


if __name__ == "__main__":
    main(*inputs())
