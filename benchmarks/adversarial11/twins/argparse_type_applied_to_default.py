"""argparse applies type= to a string default: the default "rows" becomes the rows-only tuple."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import argparse

MODES = {"rows": ("i",), "all": ("i", "j")}


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", default="all", type=lambda s: MODES[s])
    return parser.parse_args(argv)


def main(mesh, x):
    args = parse([])
    axes = args.sync if isinstance(args.sync, tuple) else ("i", "j")

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
