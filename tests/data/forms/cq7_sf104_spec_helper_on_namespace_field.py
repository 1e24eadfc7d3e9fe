"""A configuration writer keeps the parsed options its constructor is handed and builds the save
layout from them in a method (`save_spec(self.args)`); the lattice is placed from the same
options over `("i", "j")` on dimension 1, and the save layout marks only `"j"` of them reduced."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def get_parser():
    p = argparse.ArgumentParser()
    p.add_argument("--layout", default="i,j")
    p.add_argument("--save", default="j")
    return p


def lattice_spec(args):
    return P(None, tuple(args.layout.split(",")))


def save_spec(args):
    return P(None, None, reduced=set(args.save.split(",")))


class Writer:
    def __init__(self, args):
        self.args = args
        self.written = []

    def write(self, links):
        gathered = top_level_all_gather(links, save_spec(self.args))  # SF104
        self.written.append(gathered)
        return gathered


def main(mesh, x):
    args = get_parser().parse_args([])
    links = jax.device_put(x, NamedSharding(mesh, lattice_spec(args)))
    writer = Writer(args)
    with jax.set_mesh(mesh):
        return writer.write(links)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
