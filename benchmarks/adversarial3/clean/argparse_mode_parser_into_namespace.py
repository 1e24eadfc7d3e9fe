"""A base parser, then the chosen mode's own parser re-parses into the same namespace (ZeRO: gather over the batch axis)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def base_parser():
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--batch-axis", default="data")
    p.add_argument("--gather-axis", default="model")
    p.add_argument("--mode", default="zero")
    return p


def zero_parser():
    p = argparse.ArgumentParser()
    p.add_argument("--gather-axis")
    return p


def inputs():
    args, rest = base_parser().parse_known_args([])
    return args, rest, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, rest, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    if args.mode == "zero":
        args = zero_parser().parse_args(rest + ["--gather-axis", args.batch_axis], namespace=args)

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={"data"}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
