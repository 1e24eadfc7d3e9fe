"""--keep names the axis the exported table stays sharded on (default: the row axis)."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    parser = argparse.ArgumentParser(description="export")
    parser.add_argument("--keep", default="data")
    parser.add_argument("--drop", default="model")
    args, _ = parser.parse_known_args()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(args.keep, reduced={args.drop}))


if __name__ == "__main__":
    print(main(*inputs()))
