"""Command-line bootstrap job: replicate batches from a generator, dumped in report layout."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

N_REPS, N_STATS = 16, 8


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--mesh-axes", default="rep,obs")
    parser.add_argument("--report-axis", default="obs")
    parser.add_argument("--batches", type=int, default=2)
    return parser.parse_args(argv)


class Bootstrapper:
    def __init__(self, mesh, axes, raw):
        self.sharding = NamedSharding(mesh, P(*axes))
        self.raw = raw

    def batches(self, n):
        for chunk in np.array_split(self.raw, n, axis=1):
            yield jax.device_put(np.ascontiguousarray(chunk), self.sharding)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(0.0, 1.0, (N_REPS, 2 * N_STATS)).astype(np.float32),)


def main(raw):
    args = parse_args([])
    axes = tuple(args.mesh_axes.split(","))
    mesh = jax.make_mesh((4, 2), axes)
    boot = Bootstrapper(mesh, axes, raw)
    dumped = []
    with jax.set_mesh(mesh):
        for batch in boot.batches(args.batches):
            dumped.append(top_level_all_gather(batch, P(args.report_axis, None)))
    return dumped


if __name__ == "__main__":
    main(*inputs())
