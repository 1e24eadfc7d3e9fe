"""argparse's default layout is 'model,data', but main parses an explicit argv giving 'data,model'."""
import argparse
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--layout", default="model,data")
    return parser.parse_args(argv)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    args = parse(["--layout", "data,model"])
    w = jax.device_put(x, NamedSharding(mesh, P(*args.layout.split(","))))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
