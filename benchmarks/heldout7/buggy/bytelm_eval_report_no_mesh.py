"""Byte LM evaluation CLI: bits-per-byte computed under the mesh, the report gathered by a helper."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv=()):
    ap = argparse.ArgumentParser()
    ap.add_argument("--axis", default="batch")
    ap.add_argument("--devices", type=int, default=8)
    return ap.parse_args(list(argv))


def report(bpb, axis):
    return top_level_all_gather(bpb, P(None, reduced={axis}))


def inputs():
    rng = np.random.default_rng(26)
    return (rng.random(size=(16, 256)).astype(np.float32),)


def main(probs, argv=()):
    args = parse(argv)
    mesh = jax.make_mesh((args.devices,), (args.axis,))
    probs = jax.device_put(probs, NamedSharding(mesh, P(args.axis, None)))
    with jax.set_mesh(mesh):
        nll = -jnp.log2(jnp.max(probs, axis=-1) + 1e-9)
    return report(nll, args.axis)


if __name__ == "__main__":
    print(main(*inputs()))
