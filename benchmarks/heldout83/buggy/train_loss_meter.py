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


parser.add_argument("--smoothing", default=0.1, type=float)


class LabelSmoothingCrossEntropy:
    def __init__(self, smoothing=0.1, class_axis="model"):
        self.smoothing = smoothing
        self.class_axis = class_axis

    def __call__(self, x, w, target_onehot):
        logits = jax.lax.psum(x @ w, self.class_axis)
        logp = jax.nn.log_softmax(logits, axis=-1)
        target = target_onehot * (1.0 - self.smoothing) + self.smoothing / logits.shape[-1]
        return -(target * logp).sum(axis=-1).mean()


def train_one_epoch(loss_fn, args):
    def step(x, w, target):
        loss = loss_fn(x, w, target)
        return reduce_tensor(loss, args.mesh_axes)

    return step


def inputs():
    rng = np.random.default_rng(64)
    x = rng.standard_normal((8, 16)).astype(np.float32)
    w = rng.standard_normal((16, 16)).astype(np.float32) * 0.1
    target = np.eye(16, dtype=np.float32)[rng.integers(0, 16, size=8)]
    return x, w, target


def main(x, w, target, argv=("--smoothing", "0.1")):
    args = _parse_args(argv)
    mesh = create_mesh(args.mesh_shape, args.mesh_axes)
    loss_fn = LabelSmoothingCrossEntropy(args.smoothing, class_axis=args.mesh_axes[1])
    x = place(x, mesh, P("data", "model"))
    w = place(w, mesh, P("model", None))
    target = place(target, mesh, P("data", None))
    specs = (P("data", "model"), P("model", None), P("data", None))
    return shard_module(train_one_epoch(loss_fn, args), mesh, specs, P())(x, w, target)


if __name__ == "__main__":
    print(main(*inputs()))
