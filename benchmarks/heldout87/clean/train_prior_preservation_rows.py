"""train_dreambooth port: prior-preservation loss with per-example losses logged over the mesh."""
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
    parser.add_argument("--log_axes", default="dp")
    return parser.parse_args(argv)


def make_mesh_from_args(args):
    return create_mesh([int(n) for n in args.mesh_shape.split(",")], args.mesh_axes.split(","))


# ---- train_dreambooth.py ----

def per_example_losses(model_pred, target, args):
    model_pred, model_pred_prior = jnp.split(model_pred, 2, axis=0)
    target, target_prior = jnp.split(target, 2, axis=0)
    instance = ((model_pred - target) ** 2).mean(axis=1)
    prior = ((model_pred_prior - target_prior) ** 2).mean(axis=1)
    return jnp.stack([instance, args.prior_loss_weight * prior], axis=1)


class LossLogger:
    def __init__(self, column_axis, log_axes):
        self.column_axis = column_axis
        self.log_axes = log_axes

    def table(self, losses):
        columns = gather_reduced(losses, self.column_axis, axis=1)
        return gather_reduced(columns, self.log_axes)


def inputs():
    rng = np.random.default_rng(42)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32)


def main(model_pred, target):
    args = parse_args([])
    mesh = make_mesh_from_args(args)
    logger = LossLogger(column_axis="fsdp", log_axes=tuple(args.log_axes.split(",")))
    model_pred, target = shard(model_pred, mesh, P("dp", "fsdp")), shard(target, mesh, P("dp", "fsdp"))

    def step(model_pred, target):
        losses = per_example_losses(model_pred, target, args)
        return losses, logger.table(losses)

    return jax.shard_map(step, mesh=mesh, in_specs=(P("dp", "fsdp"), P("dp", "fsdp")),
                         out_specs=(P("dp", "fsdp"), P(None, None, reduced={"dp", "fsdp"})))(model_pred, target)


if __name__ == "__main__":
    main(*inputs())
