import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-axis", default="i")
    parser.add_argument("--model-axis", default="j")
    return parser


def main(mesh, x, args):
    def body(v):
        s = jax.lax.psum(v, args.model_axis)
        return jax.lax.all_gather(s, args.model_axis, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(args.data_axis, args.model_axis),
                         out_specs=P(args.data_axis, None, reduced={args.model_axis}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)), build_parser().parse_args())
