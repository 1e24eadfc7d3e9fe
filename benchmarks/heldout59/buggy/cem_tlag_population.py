"""Hand the final CEM population to the evaluation workers, which want it unsharded."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    p = argparse.ArgumentParser(description="CEM population export")
    p.add_argument("--mesh", default="env=2,pop=4")
    p.add_argument("--population-axis", default="pop")
    return p


def mesh_from(arg):
    names, sizes = zip(*(kv.split("=") for kv in arg.split(",")))
    return jax.make_mesh(tuple(int(s) for s in sizes), tuple(names))


def export_population(population, args):
    eval_spec = P(None, None)
    return top_level_all_gather(population, eval_spec)


def inputs():
    return (np.random.default_rng(5).normal(size=(32, 6)).astype(np.float32),)


def main(population):
    args = build_parser().parse_args([])
    mesh = mesh_from(args.mesh)
    population = jax.device_put(population, NamedSharding(mesh, P(args.population_axis, None)))
    with jax.set_mesh(mesh):
        return export_population(population, args)


if __name__ == "__main__":
    main(*inputs())
