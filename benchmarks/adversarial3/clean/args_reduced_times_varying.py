"""Real-argv CLI: a reduced gather of the keys is multiplied with the local (varying) queries."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--seq-axis", default="seq")


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(16, 2)


def main(args, q):
    mesh = jax.make_mesh((8,), (args.seq_axis,))
    q = jax.device_put(q, NamedSharding(mesh, P(args.seq_axis)))

    def attend(q):
        keys = jax.lax.all_gather(q, args.seq_axis, to="reduced", tiled=True)
        return keys[:2] * q

    return jax.shard_map(attend, mesh=mesh, in_specs=P(args.seq_axis), out_specs=P(args.seq_axis))(q)


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((16, 2), np.float32)))
