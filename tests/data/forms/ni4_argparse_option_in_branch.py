import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def parse_args(wide):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    if wide:
        parser.set_defaults(axis="i")
    return parser.parse_args([])


def run(mesh, x, wide=True):
    args = parse_args(wide)
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)
