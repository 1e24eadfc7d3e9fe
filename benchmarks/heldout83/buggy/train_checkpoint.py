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
from jax._src.shard_map import top_level_all_gather

parser.add_argument("--output", default="./output/train", type=str)
parser.add_argument("--checkpoint-hist", default=2, type=int)
parser.add_argument("--ckpt-gather-axes", nargs="+", default=["data"])

FSDP = P(("data", "model"), None)
PARAM_SPECS = {
    "conv_stem.weight": FSDP,
    "blocks.0.conv_pw.weight": FSDP,
    "classifier.weight": FSDP,
}


class CheckpointSaver:
    def __init__(self, checkpoint_dir, max_history=10, gather_axes=("data",)):
        self.checkpoint_dir = checkpoint_dir
        self.max_history = max_history
        self.spec = P(None, None, reduced=set(gather_axes))
        self.checkpoint_files = []

    def save_checkpoint(self, params, epoch, metric=None):
        host = {k: np.asarray(top_level_all_gather(v, self.spec)) for k, v in params.items()}
        self.checkpoint_files.append((f"{self.checkpoint_dir}/checkpoint-{epoch}.npz", metric))
        self.checkpoint_files = self.checkpoint_files[-self.max_history:]
        return host


def inputs():
    rng = np.random.default_rng(63)
    return ({k: rng.standard_normal((8, 16)).astype(np.float32) for k in PARAM_SPECS},)


def main(params, argv=("--checkpoint-hist", "3")):
    args = _parse_args(argv)
    mesh = create_mesh(args.mesh_shape, args.mesh_axes)
    saver = CheckpointSaver(args.output, args.checkpoint_hist, args.ckpt_gather_axes)
    with jax.set_mesh(mesh):
        params = {k: place(v, mesh, PARAM_SPECS[k]) for k, v in params.items()}
        for epoch in range(args.epochs):
            params = jax.tree.map(lambda p: p * (1.0 - args.lr * 1e-4), params)
            saved = saver.save_checkpoint(params, epoch, metric=0.0)
    return saved


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
