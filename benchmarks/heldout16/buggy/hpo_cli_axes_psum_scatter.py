"""Hyper-parameter sweep CLI: `--mesh trial=2,data=4`; per-trial gradient buckets are scattered."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_mesh(text):
    pairs = [item.split("=") for item in text.split(",")]
    return tuple(name for name, _ in pairs), tuple(int(size) for _, size in pairs)


def build_parser():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--mesh", default="trial=2,data=4")
    p.add_argument("--bucket", type=int, default=8)
    return p


def inputs():
    x = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    w = np.full((8, 8), 0.25, np.float32)
    return x, w


def main(x, w, argv=()):
    args = build_parser().parse_args(list(argv))
    names, sizes = parse_mesh(args.mesh)
    mesh = jax.make_mesh(sizes, names)
    trial, data = names
    x = jax.device_put(x, NamedSharding(mesh, P(data, None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))  # every trial starts from the same init

    def bucket_grads(x, w):
        g = x.T @ jnp.tanh(x @ w.T)
        return jax.lax.psum_scatter(g[: args.bucket], names, scatter_dimension=0, tiled=True)

    fn = jax.shard_map(bucket_grads, mesh=mesh, in_specs=(P(data, None), P()),
                       out_specs=P(names, None))
    return fn(x, w)


if __name__ == "__main__":
    import sys
    print(main(*inputs(), argv=sys.argv[1:]).shape)
