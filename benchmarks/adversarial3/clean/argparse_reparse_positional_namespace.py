"""Preset flags are parsed into the existing namespace, passed positionally to parse_known_args."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PRESETS = {"zero": ["--gather-axis", "data"], "tp": []}


def make_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--gather-axis", default="model")
    parser.add_argument("--preset", default="zero")
    return parser


def inputs():
    parser = make_parser()
    return parser, parser.parse_args([]), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(parser, args, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    parser.parse_known_args(PRESETS[args.preset], args)

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
