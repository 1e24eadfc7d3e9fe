"""The `train` subcommand's `set_defaults` gives both axes."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser("train")
    train.set_defaults(axes=("i", "j"))
    evaluate = commands.add_parser("eval")
    evaluate.set_defaults(axes=("i",))
    args = parser.parse_args(["train"])
    return reduce_rows(args.axes)


if __name__ == "__main__":
    main()
