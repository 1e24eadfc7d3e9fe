"""Gradient value clipping for an FSDP-sharded model: grads are clipped, then unsharded."""
import argparse
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

    return parser.parse_args(argv)


def make_mesh_from_args(args):
    return create_mesh([int(n) for n in args.mesh_shape.split(",")], args.mesh_axes.split(","))


# ---- optimization.py ----

def clip_grad_value_(grads, clip_value):
    return jnp.clip(grads, -clip_value, clip_value)


class FSDPOptimizer:
    def __init__(self, learning_rate, max_grad_value, shard_axis):
        self.learning_rate = learning_rate
        self.max_grad_value = max_grad_value
        self.shard_axis = shard_axis

    def step(self, params, grads):
        grads = clip_grad_value_(grads, self.max_grad_value)
        full_grads = gather_reduced(grads, self.shard_axis, axis=1)
        return full_grads


def inputs():
    rng = np.random.default_rng(46)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(params, grads):
    args = parse_args([])
    mesh = make_mesh_from_args(args)
    optimizer = FSDPOptimizer(args.learning_rate, args.max_grad_value, shard_axis="fsdp")
    params, grads = shard(params, mesh, P("dp", "fsdp")), shard(grads, mesh, P("dp", "fsdp"))
    return jax.shard_map(optimizer.step, mesh=mesh, in_specs=(P("dp", "fsdp"), P("dp", "fsdp")),
                         out_specs=P("dp", None, reduced={"fsdp"}))(params, grads)


if __name__ == "__main__":
    main(*inputs())
