import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    return parser.parse_args([])


def run(mesh, x):
    args = parse_args()
    args.axis = "i"  # changed after parsing: the default is not what the body reads
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
