"""Evaluation entry point: score a forecast and export the score field in the layout the CLI asks."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description="score a forecast against ERA5-like truth")
    parser.add_argument("--mesh-axes", default="time,lat")
    parser.add_argument("--mesh-shape", default="4,2")
    parser.add_argument("--scores-layout", default="time,lat")
    parser.add_argument("--export-layout", default="-,lat")
    parser.add_argument("--export-reduced", default="")
    return parser.parse_args(argv)


def spec_from(layout, reduced=""):
    entries = [None if a == "-" else a for a in layout.split(",")]
    return P(*entries, reduced={a for a in reduced.split(",") if a})


def squared_error(forecast, truth):
    return (forecast - truth) ** 2


def score(mesh, args, forecast, truth):
    sharding = NamedSharding(mesh, spec_from(args.scores_layout))
    return jax.jit(squared_error, out_shardings=sharding)(forecast, truth)


def export(scores, args):
    return top_level_all_gather(scores, spec_from(args.export_layout, args.export_reduced))


def inputs():
    rng = np.random.default_rng(63)
    truth = rng.normal(size=(8, 8)).astype(np.float32)
    return truth + 0.1 * rng.normal(size=(8, 8)).astype(np.float32), truth


def main(forecast, truth):
    args = parse_args([])
    mesh = jax.make_mesh(tuple(int(n) for n in args.mesh_shape.split(",")),
                         tuple(args.mesh_axes.split(",")))
    spec = spec_from(args.scores_layout)
    forecast, truth = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (forecast, truth))
    with jax.set_mesh(mesh):
        scores = score(mesh, args, forecast, truth)
        return export(scores, args)


if __name__ == "__main__":
    print(main(*inputs()).sharding.spec)
