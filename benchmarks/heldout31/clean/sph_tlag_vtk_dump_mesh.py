"""Dump SPH particle positions for the VTK writer at the end of a run."""
import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def cli(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--sim-layout", default="cell,column")
    ap.add_argument("--dump-axis", default="column")
    return ap.parse_args(argv)


def dump_positions(pos, args):
    out = P(None, args.dump_axis, None, reduced={args.sim_layout.split(",")[0]})
    return top_level_all_gather(pos, out)


def inputs():
    mesh = jax.make_mesh((4, 2), ("cell", "column"))
    pos = jnp.arange(16 * 8 * 3, dtype=jnp.float32).reshape(16, 8, 3)
    return mesh, pos


def main(mesh, pos):
    args = cli([])
    placed = jax.device_put(pos, NamedSharding(mesh, P(*args.sim_layout.split(","), None)))
    with jax.set_mesh(mesh):
        return dump_positions(placed, args)
