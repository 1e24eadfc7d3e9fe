"""ControlNet guess mode port: residuals of the whole batch scaled by a logspace per block."""
import dataclasses
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

# ---- controlnet.py ----

@dataclasses.dataclass
class ControlNetOutput:
    down_block_res_samples: tuple
    mid_block_res_sample: jax.Array


class ControlNetModel(ConfigMixin):
    @register_to_config
    def __init__(self, conditioning_channels=3, block_out_channels=(16, 16), global_pool_conditions=False):
        self.num_blocks = len(block_out_channels)

    def __call__(self, sample, controlnet_cond, conditioning_scale=1.0, guess_mode=False):
        hidden = sample + jnp.tanh(controlnet_cond)
        down_block_res_samples = tuple(jnp.tanh(hidden * (i + 1)) for i in range(self.num_blocks))
        mid_block_res_sample = jnp.tanh(hidden)
        down_block_res_samples = tuple(r * conditioning_scale for r in down_block_res_samples)
        return ControlNetOutput(down_block_res_samples, mid_block_res_sample * conditioning_scale)


class GuessModeControlNet(ControlNetModel):
    def __init__(self, batch_axis="data", **kwargs):
        super().__init__(**kwargs)
        self.batch_axis = batch_axis

    def __call__(self, sample, controlnet_cond, conditioning_scale=1.0, guess_mode=False):
        output = super().__call__(sample, controlnet_cond, conditioning_scale=1.0)
        down = tuple(gather_reduced(r, self.batch_axis) for r in output.down_block_res_samples)
        if guess_mode and not self.config.global_pool_conditions:
            scales = np.logspace(-1, 0, len(down) + 1)
            down = tuple(sample * scale * conditioning_scale for sample, scale in zip(down, scales))
        return ControlNetOutput(down, output.mid_block_res_sample)


def inputs():
    rng = np.random.default_rng(56)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(sample, image):
    mesh = create_mesh((2, 4), ("data", "model"))
    controlnet = GuessModeControlNet(block_out_channels=(16, 16, 16))
    sample, image = shard(sample, mesh, P("data", "model")), shard(image, mesh, P("data", "model"))

    def run(sample, image):
        output = controlnet(sample, image, conditioning_scale=0.8, guess_mode=True)
        return output.down_block_res_samples[-1].sum(axis=0)

    return jax.shard_map(run, mesh=mesh, in_specs=(P("data", "model"), P("data", "model")),
                         out_specs=P("model"))(sample, image)


if __name__ == "__main__":
    main(*inputs())
