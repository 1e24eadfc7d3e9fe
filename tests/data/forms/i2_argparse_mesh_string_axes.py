import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def get_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh", default="i:2, j:4")
    parser.add_argument("--scale", type=float, default=0.5)
    return parser.parse_args([] if argv is None else argv)


ARGS = get_args()
SHAPE = dict(item.strip().split(":") for item in ARGS.mesh.split(","))
AXES = tuple(SHAPE)


def body(x):
    y = x.sum() * ARGS.scale
    return lax.psum(y, AXES)  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES[0]), out_specs=P())(x)
