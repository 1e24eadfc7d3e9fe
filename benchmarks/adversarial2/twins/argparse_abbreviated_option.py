"""argparse accepts an unambiguous prefix of a long option: --red means --reduce-over."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--reduce-over", dest="reduce_over", nargs="+", default=["data", "model"])
parser.add_argument("--steps", type=int, default=1)
FLAGS = parser.parse_args(["--steps", "2"])


def inputs():
    return (np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def step(block):
        total = jnp.zeros((), block.dtype)
        for _ in range(FLAGS.steps):
            total = total + jnp.mean(block)
        return jax.lax.pmean(total, tuple(FLAGS.reduce_over))

    return jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
