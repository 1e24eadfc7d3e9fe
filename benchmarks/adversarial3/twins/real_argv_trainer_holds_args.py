"""Real-argv CLI: a Trainer keeps the parsed args and its fold() edits them through self.args."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--batch-axis", default="data")
parser.add_argument("--gather-axis", default="model")


class Trainer:
    def __init__(self, args):
        self.args = args

    def fold(self):
        self.args.gather_axis = self.args.batch_axis


def inputs():
    args, _ = parser.parse_known_args()
    return args, np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    Trainer(args)

    def step(w):
        return jnp.cos(jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True))

    out = jax.shard_map(step, mesh=mesh, in_specs=P(args.batch_axis), out_specs=P(None, reduced={args.batch_axis}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(parser.parse_args(), np.ones((8, 4), np.float32)))
