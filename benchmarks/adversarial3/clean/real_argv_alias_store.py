"""Real-argv CLI: the options object is edited through a second name (opts = args) after the mesh."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--gather-axis", default="model")
parser.add_argument("--tp", action="store_true")


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    opts = args
    if not opts.tp:
        opts.gather_axis = opts.batch_axis

    def step(w):
        return jnp.sin(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={args.batch_axis}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
