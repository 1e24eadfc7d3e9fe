import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def load(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    args = parser.parse_args(list(argv))
    vars(args)["axis"] = "i"  # the namespace's own dict: changed in place
    return args


def run(mesh, x):
    args = load()
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
