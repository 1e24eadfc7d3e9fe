"""Each subcommand has its own --axes default; the program runs `evaluate`."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_parser():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    train = sub.add_parser("train")
    train.add_argument("--axes", default="data,model")
    evaluate = sub.add_parser("evaluate")
    evaluate.add_argument("--axes", default="data")
    return parser


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    opts = make_parser().parse_args(["evaluate"])
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def accuracy(logits):
        correct = jnp.sum(jnp.argmax(logits, axis=-1) == 7)
        return jax.lax.psum(correct, tuple(opts.axes.split(",")))

    return jax.shard_map(accuracy, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
