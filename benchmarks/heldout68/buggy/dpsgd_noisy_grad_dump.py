import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

import argparse


def parse(argv=()):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mesh-axes", default="replica,param")
    ap.add_argument("--dump-layout", default="param")
    return ap.parse_args(list(argv))


def dump_spec(args):
    return P(args.dump_layout, None)


def inputs():
    args = parse()
    mesh = jax.make_mesh((4, 2), tuple(args.mesh_axes.split(",")))
    noisy = jax.random.normal(jax.random.key(3), (8, 4))
    return mesh, jax.device_put(noisy, NamedSharding(mesh, P(*args.mesh_axes.split(",")))), args


def main(mesh, noisy, args):
    with jax.set_mesh(mesh):
        host_view = top_level_all_gather(noisy, dump_spec(args))
    print(host_view.shape)


if __name__ == "__main__":
    main(*inputs())
