"""Saving the final ensemble state of an explicit Euler run; layouts come from the command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=5)
    parser.add_argument("--dt", type=float, default=0.05)
    parser.add_argument("--state-layout", default="ens,space")
    parser.add_argument("--save-layout", default="ens,none")
    return parser.parse_args(argv)


def layout(text):
    return P(*(None if part == "none" else part for part in text.split(",")))


def euler(y, k, dt, steps):
    for _ in range(steps):
        y = y - dt * k * y
    return y


def inputs():
    rng = np.random.default_rng(43)
    return rng.normal(size=(4, 32)).astype(np.float32), rng.uniform(0.5, 1.5, size=(4, 32)).astype(np.float32)


def main(y0, k):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, layout(args.state_layout))
        y = euler(jax.device_put(y0, sh), jax.device_put(k, sh), args.dt, args.steps)
        return top_level_all_gather(y, layout(args.save_layout))


if __name__ == "__main__":
    main(*inputs())
