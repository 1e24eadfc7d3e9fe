"""An input a helper reassigns in a loop of unknown length (`for _ in range(steps)`), by
arithmetic with an array laid out alike and a step read from an argparse option of type float:
the value it came in with and each step agree, so the result has the placed layout."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--dt", type=float, default=0.05)
    return parser.parse_args(argv)


def euler(y, k, dt, steps):
    for _ in range(steps):
        y = y - dt * k * y
    return y


def main(mesh, x):
    args = parse_args([])
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, P("i", "j"))
        y = euler(jax.device_put(np.asarray(x), sh), jax.device_put(np.asarray(x), sh), args.dt, args.steps)
        return top_level_all_gather(y, P("i", None))  # SF104
