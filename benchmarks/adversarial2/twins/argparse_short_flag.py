"""The short spelling -a of --axis sets the same dest."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cli(argv):
    ap = argparse.ArgumentParser(prog="probe")
    ap.add_argument("-a", "--axis", action="append", dest="axes")
    ap.add_argument("-n", "--name", default="probe")
    ns = ap.parse_args(argv)
    if not ns.axes:
        ns.axes = ["data", "model"]
    return ns


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    ns = cli(["-n", "run1"])
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def count_positive(block):
        hits = jnp.sum((block > 3.0).astype(jnp.float32))
        return jax.lax.psum(hits, tuple(ns.axes))

    return jax.shard_map(count_positive, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
