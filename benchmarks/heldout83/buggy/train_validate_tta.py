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


parser.add_argument("--tta", default=0, type=int, help="test-time augmentation factor")


def validate(args, data_axis):
    def step(output):
        output = gather_reduced(output, data_axis, dim=0)
        if args.tta > 1:
            reduce_factor = args.tta
            output = output.reshape(-1, reduce_factor, output.shape[-1]).mean(axis=1)
        return output

    return step


def inputs():
    rng = np.random.default_rng(65)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(output, argv=("--tta", "2")):
    args = _parse_args(argv)
    mesh = create_mesh(args.mesh_shape, args.mesh_axes)
    output = place(output, mesh, P("data", "model"))
    step = validate(args, args.mesh_axes[0])
    return shard_module(step, mesh, P("data", "model"), P(None, "model", reduced={"data"}))(output)


if __name__ == "__main__":
    print(main(*inputs()))
