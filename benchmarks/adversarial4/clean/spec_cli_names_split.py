"""Mesh axis names come from the command line; the export keeps the first and gathers the second."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh-names", default="batch,embed")
    parser.add_argument("--mesh-shape", default="2,4")
    args, _ = parser.parse_known_args()
    return args


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    args = parse()
    names = tuple(args.mesh_names.split(","))
    shape = tuple(int(s) for s in args.mesh_shape.split(","))
    mesh = jax.make_mesh(shape, names)
    w = jax.device_put(x, NamedSharding(mesh, P(names[0], names[1])))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(names[0], reduced={names[1]}))


if __name__ == "__main__":
    print(main(*inputs()))
