"""A CLI with train/eval subcommands; eval's batch is split over data only and reduces there."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_parser():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    train = sub.add_parser("train")
    train.add_argument("--axes", nargs="+", default=["data", "model"])
    train.add_argument("--spec", nargs="+", default=["data", "model"])
    ev = sub.add_parser("eval")
    ev.add_argument("--axes", nargs="+", default=["data"])
    ev.add_argument("--spec", nargs="+", default=["data"])
    return p


def inputs():
    args = make_parser().parse_args(["train", "--spec", "data"])
    return args, np.arange(64, dtype=np.float32).reshape(8, 8)


def main(args, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(*args.spec)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        return jax.lax.psum(jnp.sum(b * b), tuple(args.axes))

    return jnp.sqrt(jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x))


if __name__ == "__main__":
    a = make_parser().parse_args()
    print(main(a, inputs()[1]))
