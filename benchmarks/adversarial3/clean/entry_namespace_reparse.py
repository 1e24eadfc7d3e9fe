"""Entry point: mode flags are parsed into the same namespace after the mesh is built."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--gather-axis", default="model")
    return parser


def inputs():
    return argparse.Namespace(batch_axis="data", gather_axis="model"), ["--gather-axis", "data"], np.ones((8, 4), np.float32)


def main(args, mode_flags, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    make_parser().parse_args(mode_flags, namespace=args)

    def step(w):
        return jnp.exp(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())
