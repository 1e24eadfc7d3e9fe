"""A ZeRO trainer's parser overrides the option default with set_defaults (which wins over default=)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--gather-axis", default="model")
    parser.set_defaults(gather_axis="data")
    return parser


def inputs():
    args = build_parser().parse_args([])
    return args, np.ones((8, 4), np.float32)


def main(args, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))

    def step(w):
        return jnp.tanh(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
