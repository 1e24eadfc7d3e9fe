"""argparse with parse_known_args; the default gather mode is kept."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gather-to", choices=["varying", "reduced", "invarying"], default="varying")
    parser.set_defaults(sync_axis="data")
    return parser


def make_eval(args):
    def body(scores):
        full = jax.lax.all_gather(scores, args.sync_axis, axis=0, tiled=True, to=args.gather_to)
        return jax.lax.pmax(full, args.sync_axis)
    return body


def inputs():
    return (["--xla_dump_to=/tmp/x"],)


def main(argv):
    args, _unknown = build_parser().parse_known_args(argv)
    mesh = jax.make_mesh((8,), ("data",))
    scores = jax.device_put(np.arange(16, dtype=np.float32), NamedSharding(mesh, P("data")))
    return jax.shard_map(make_eval(args), mesh=mesh, in_specs=P("data"), out_specs=P())(scores)


if __name__ == "__main__":
    main(*inputs())
