"""The same writer, retargeted before it writes: `retarget` stores options parsed with
`--save i,j`, so the layout marks both gathered axes reduced."""
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

    def retarget(self, args):
        self.args = args

    def write(self, links):
        gathered = top_level_all_gather(links, save_spec(self.args))
        self.written.append(gathered)
        return gathered


def main(mesh, x):
    args = get_parser().parse_args([])
    links = jax.device_put(x, NamedSharding(mesh, lattice_spec(args)))
    writer = Writer(args)
    writer.retarget(get_parser().parse_args(["--save", "i,j"]))
    with jax.set_mesh(mesh):
        return writer.write(links)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
