import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def cli(argv):
    p = argparse.ArgumentParser()
    p.add_argument("-g", "--gather-axis", default="i")
    p.add_argument("--sync", action="store_true")
    p.add_argument("--no-tiled", dest="tiled", action="store_false")
    return p.parse_args(argv)


def run(mesh, x):
    args = cli(["--gather-axis", "j", "--sync"])

    def body(v):
        if args.sync:
            v = lax.pmean(v, args.gather_axis)
        return lax.all_gather(v, args.gather_axis, tiled=args.tiled, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))(x)
