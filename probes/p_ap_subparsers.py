import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

import argparse
parser = argparse.ArgumentParser()
sub = parser.add_subparsers(dest="cmd")
tr = sub.add_parser("train")
tr.add_argument("--axes", nargs="+", default=["data", "model"])
tr.set_defaults(dp="data")
args, rest = parser.parse_known_args(["train", "--extra", "1"])
AXES = tuple(args.axes)
DATA, MODEL = args.dp, AXES[1]


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
