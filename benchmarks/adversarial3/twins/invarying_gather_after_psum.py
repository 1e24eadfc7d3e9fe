"""Sum then broadcast-gather with to='invarying': fine whatever the axis is called."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--axis", default="workers")
    args, _ = parser.parse_known_args(argv)
    return args


def inputs():
    return get_args(), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(args, x):
    mesh = jax.make_mesh((8,), (args.axis,))
    x = jax.device_put(x, NamedSharding(mesh, P(args.axis)))

    def body(x):
        total = jax.lax.psum(x, args.axis)
        return jax.lax.all_gather(total, args.axis, to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P(args.axis), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
