#!/usr/bin/env python3
"""ImageNet training script (timm_jax train.py, trimmed)."""
import argparse
import functools
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(2, 4), axis_names=("data", "model")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/utils/distributed.py ------------------------------------------------------------


def reduce_tensor(tensor, axis_name):
    return jax.lax.pmean(tensor, axis_name)


class AverageMeter:
    def __init__(self):
        self.val = self.sum = self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)


# --- args ----------------------------------------------------------------------------------

parser = argparse.ArgumentParser(description="timm_jax ImageNet training")
parser.add_argument("--model", default="resnet50", type=str)
parser.add_argument("--mesh-shape", default="2,4", type=str)
parser.add_argument("--mesh-axes", default="data,model", type=str)
parser.add_argument("--lr", default=0.1, type=float)
parser.add_argument("--epochs", default=1, type=int)
parser.add_argument("--num-classes", default=16, type=int)


def _parse_args(argv=()):
    args = parser.parse_args(list(argv))
    args.mesh_shape = tuple(int(s) for s in args.mesh_shape.split(","))
    args.mesh_axes = tuple(args.mesh_axes.split(","))
    return args


parser.add_argument("--log-per-rank", action="store_true", default=False)
parser.add_argument("--metric-axis", default="data", type=str)

# the config file is parsed first; its keys become the parser's defaults
config_parser = argparse.ArgumentParser(description="Training Config", add_help=False)
config_parser.add_argument("-c", "--config", default="", type=str)

CONFIG_FILES = {
    "configs/vit_small_in1k.yaml": """
model: vit_small_patch16_224
lr: 0.001
log_per_rank: true
""",
}


def _load_yaml(text):
    cfg = {}
    for line in text.strip().splitlines():
        key, value = (s.strip() for s in line.split(":", 1))
        cfg[key] = {"true": True, "false": False}.get(value, value)
    return cfg


def _parse_args_with_config(argv):
    args_config, remaining = config_parser.parse_known_args(list(argv))
    if args_config.config:
        parser.set_defaults(**_load_yaml(CONFIG_FILES[args_config.config]))
    return _parse_args(remaining)


def accuracy(output, target, topk=1):
    pred = jnp.argsort(-output, axis=-1)[:, :topk]
    return (pred == target[:, None]).any(axis=-1).astype(jnp.float32).mean(keepdims=True) * 100.0


def validate(model_fn, args):
    def step(x, target):
        output = model_fn(x)
        acc1 = accuracy(output, target)
        if args.log_per_rank:
            return gather_reduced(acc1, args.metric_axis)
        return reduce_tensor(acc1, args.metric_axis)

    return step


def inputs():
    rng = np.random.default_rng(60)
    return rng.standard_normal((8, 16)).astype(np.float32), rng.integers(0, 16, size=(8,)).astype(np.int32)


def main(x, target, argv=("-c", "configs/vit_small_in1k.yaml")):
    args = _parse_args_with_config(argv)
    mesh = create_mesh(args.mesh_shape, args.mesh_axes)
    x = place(x, mesh, P("data", None))
    target = place(target, mesh, P("data"))
    step = validate(jnp.tanh, args)
    out = P(reduced={"data"}) if args.log_per_rank else P()
    return shard_module(step, mesh, (P("data", None), P("data")), out)(x, target)


if __name__ == "__main__":
    print(main(*inputs()))
