"""Accelerator.save_state port: parameters sharded by FSDP are gathered for the checkpoint."""
import argparse
import dataclasses
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

def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="Simple example of a training script (jax port).")
    parser.add_argument("--learning_rate", type=float, default=1e-4)
    parser.add_argument("--gradient_accumulation_steps", type=int, default=2)
    parser.add_argument("--ema_decay", type=float, default=0.9999)
    parser.add_argument("--max_grad_value", type=float, default=1.0)
    parser.add_argument("--noise_offset", type=float, default=0.05)
    parser.add_argument("--prior_loss_weight", type=float, default=1.0)
    parser.add_argument("--mesh_axes", default="dp,fsdp")
    parser.add_argument("--mesh_shape", default="4,2")
    parser.add_argument("--checkpoint_gather", default="dp")
    return parser.parse_args(argv)


def make_mesh_from_args(args):
    return create_mesh([int(n) for n in args.mesh_shape.split(",")], args.mesh_axes.split(","))


# ---- accelerator.py ----

PARAM_SPECS = {"unet.conv_in": P("fsdp", None), "unet.conv_out": P(None, "fsdp")}


class Accelerator:
    def __init__(self, mesh, args):
        self.mesh = mesh
        self.gathered = set(args.checkpoint_gather.split(","))

    def prepare(self, state_dict):
        return {name: shard(value, self.mesh, PARAM_SPECS[name]) for name, value in state_dict.items()}

    def save_state(self, params):
        return {name: top_level_all_gather(value, P(None, None, reduced=self.gathered))
                for name, value in params.items()}


def inputs():
    rng = np.random.default_rng(44)
    return ({"unet.conv_in": rng.standard_normal((8, 16), dtype=np.float32),
             "unet.conv_out": rng.standard_normal((16, 8), dtype=np.float32)},)


def main(state_dict):
    args = parse_args([])
    mesh = make_mesh_from_args(args)
    accelerator = Accelerator(mesh, args)
    with jax.set_mesh(mesh):
        params = accelerator.prepare(state_dict)
        params = jax.tree.map(lambda p: p - args.learning_rate * jnp.sign(p), params)
        return accelerator.save_state(params)


if __name__ == "__main__":
    main(*inputs())
