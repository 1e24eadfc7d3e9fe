"""Pressure management: mean zone pressure over the districts the heads are split over."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mesh-axes", default="district,pipe")
    parser.add_argument("--reduce-axes", default="district")
    parser.add_argument("--target-head", type=float, default=45.0)
    return parser.parse_args(argv)


def zone_pressure(head, args):
    deficit = (args.target_head - head).mean()
    return jax.lax.pmean(deficit, tuple(args.reduce_axes.split(",")))


def inputs():
    rng = np.random.default_rng(111)
    return (rng.uniform(30.0, 60.0, (8, 12)).astype(np.float32),)


def main(head):
    args = parse_args([])
    axes = tuple(args.mesh_axes.split(","))
    mesh = jax.make_mesh((2, 4), axes)
    head = jax.device_put(head, NamedSharding(mesh, P(axes[0], None)))
    return jax.shard_map(lambda h: zone_pressure(h, args), mesh=mesh, in_specs=P(axes[0], None),
                         out_specs=P())(head)


if __name__ == "__main__":
    main(*inputs())
