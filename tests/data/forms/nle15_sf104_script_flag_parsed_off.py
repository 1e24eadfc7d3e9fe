import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--export", action="store_true")
    args = parser.parse_args([])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    if args.export:
        return top_level_all_gather(w, P(None, "j", reduced={"i"}))
    return w * 2


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
