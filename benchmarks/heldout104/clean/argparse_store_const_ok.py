"""Export layout chosen by a store_const flag; unknown arguments are ignored."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = ["--verbose"]


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols-first", dest="dims", action="store_const",
                        const=("model",), default=("data",))
    args, _unknown = parser.parse_known_args(argv)
    return args


def export(x):
    args = parse(ARGV)
    gathered = {"data", "model"} - set(args.dims)
    return top_level_all_gather(x, P(*args.dims, reduced=gathered))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()
