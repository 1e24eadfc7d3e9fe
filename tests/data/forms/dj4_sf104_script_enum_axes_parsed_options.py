import argparse
import enum

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "i"
    MODEL = "j"


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--train-axes", type=lambda text: tuple(text.split(",")), default=("i", "j"))
    parser.add_argument("--export-axis", default=Axis.MODEL.value)
    return parser.parse_args(argv)


def export(table, args):
    return top_level_all_gather(table, P(args.export_axis, None))  # SF104


def main():
    args = parse(["--train-axes", "i,j"])
    mesh = jax.make_mesh((2, 4), tuple(axis for axis in Axis))
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(args.train_axes, None)))
    with jax.set_mesh(mesh):
        return export(table, args)


if __name__ == "__main__":
    main()
