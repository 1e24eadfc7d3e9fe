import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser(description="export a fitted linear model")
    parser.add_argument("--coef-axes", default="data,feat")
    parser.add_argument("--export-axis", default="feat")
    parser.add_argument("--format", default="npz")
    return parser.parse_args(argv)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(16, 4)).astype(np.float32),)


def fitted_layout(args):
    return P(tuple(args.coef_axes.split(",")), None)


def export_layout(args):
    return P(args.export_axis, None, reduced={"data"})


def main(coef_path):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    coef = jax.device_put(coef_path, NamedSharding(mesh, fitted_layout(args)))
    with jax.set_mesh(mesh):
        exported = top_level_all_gather(coef, export_layout(args))
    return np.asarray(exported)


if __name__ == "__main__":
    main(*inputs())
