"""Push the per-slice metric matrix to the dashboard: slices are sharded, the export is per host."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--slice_axes", default="shard,host")
    parser.add_argument("--export_axis", default="host")
    return parser.parse_args(argv)


def slice_spec(args):
    return P(tuple(args.slice_axes.split(",")), None)


def export_spec(args):
    gathered = set(args.slice_axes.split(",")) - {args.export_axis}
    return P(args.export_axis, None, reduced=gathered)


def inputs():
    return (np.random.default_rng(53).random((32, 6)).astype(np.float32),)


def main(slice_metrics):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), ("host", "shard"))
    with jax.set_mesh(mesh):
        placed = jax.device_put(slice_metrics, NamedSharding(mesh, slice_spec(args)))
        exported = top_level_all_gather(placed, export_spec(args))
    return exported


if __name__ == "__main__":
    main(*inputs())
