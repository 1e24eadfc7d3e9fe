"""Music transformer sampling CLI: the local attention window of keys across the mesh."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--dp-axis", default="dp")
    parser.add_argument("--tp-axis", default="tp")
    parser.add_argument("--window", type=int, default=8)
    return parser.parse_args(argv)


def inputs():
    keys = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 100.0
    return (keys,)


def main(keys, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh((2, 4), (args.dp_axis, args.tp_axis))
    keys = jax.device_put(keys, NamedSharding(mesh, P(args.dp_axis, args.tp_axis)))

    def window_keys(k):
        heads = jax.lax.all_gather(k, args.tp_axis, axis=1, tiled=True, to="reduced")
        recent = heads[-args.window // 2:]
        return jax.lax.all_gather(recent, (args.dp_axis, args.tp_axis), axis=0, tiled=True,
                                  to="reduced")

    fn = jax.shard_map(window_keys, mesh=mesh, in_specs=P(args.dp_axis, args.tp_axis),
                       out_specs=P(None, None, reduced={args.dp_axis, args.tp_axis}))
    return fn(keys)


if __name__ == "__main__":
    import sys
    print(main(*inputs(), argv=sys.argv[1:]).shape)
