import argparse

import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="j")
    return parser.parse_args(argv)  # argv None: sys.argv, which the analysis cannot know


def main(args, mesh, x):
    f = jax.shard_map(lambda v: lax.all_gather(v, args.axis, tiled=True, to="reduced"),
                      mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))
    return f(x)


def run(mesh, x):
    return main(parse_args(["--axis", "i"]), mesh, x)


if __name__ == "__main__":
    m = jax.make_mesh((2, 4), ("i", "j"))
    print(main(parse_args(), m, jax.numpy.ones((8, 8))))
