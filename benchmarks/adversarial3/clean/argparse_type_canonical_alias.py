"""Axis aliases on the command line ('dp', 'tp') are mapped to mesh names by the option's type=."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    aliases = {"dp": "data", "tp": "model"}
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", type=lambda s: aliases.get(s, s), default="data")
    parser.add_argument("--gather-axis", type=lambda s: aliases.get(s, s), default="model")
    return parser


def inputs():
    args = build_parser().parse_args(["--gather-axis", "dp"])
    return args, np.ones((8, 4), np.float32)


def main(args, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
