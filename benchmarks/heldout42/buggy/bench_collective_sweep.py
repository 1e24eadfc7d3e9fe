"""Collective bandwidth sweep: gathers over a list of axis groups read from a CLI."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("host", "chip"))


def parse(argv):
    p = argparse.ArgumentParser(prog="collective-sweep")
    p.add_argument("--groups", default="chip;host,chip")
    p.add_argument("--size-kb", type=int, default=4)
    return p.parse_args(argv)


def axis_groups(args):
    return [tuple(g.split(",")) for g in args.groups.split(";")]


def sweep_body(buf, groups):
    out = buf
    for group in groups:
        out = jax.lax.all_gather(out, group, axis=0, tiled=True, to="reduced")
    return out


def inputs():
    buf = jnp.ones((8, 16), jnp.float32)
    return (jax.device_put(buf, NamedSharding(MESH, P(("host", "chip"), None))), parse([]))


def main(buf, args):
    groups = axis_groups(args)
    fn = jax.shard_map(lambda b: sweep_body(b, groups), mesh=MESH,
                       in_specs=P(("host", "chip"), None),
                       out_specs=P(None, None, reduced={"host", "chip"}))
    return fn(buf)


if __name__ == "__main__":
    main(*inputs())
