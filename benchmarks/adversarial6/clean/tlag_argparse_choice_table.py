"""An argparse choice picks a spec from a table of two layouts; the explicit argv picks 'row'."""
import argparse
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"row": P("data", "model"), "col": P("model", "data")}


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="col")
    return parser.parse_args(argv)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    args = parse(["--layout", "row"])
    w = jax.device_put(x, NamedSharding(mesh, LAYOUTS[args.layout]))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
