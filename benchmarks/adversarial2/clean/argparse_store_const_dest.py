"""--data-only stores a constant tuple into the same dest as --axes' default."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--data-only", dest="metric_axes", action="store_const", const=("data",),
                    default=("data", "model"))
parser.add_argument("--verbose", action="store_true")
args = parser.parse_args(["--data-only"])


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4), np.ones((8, 4), np.float32))


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    pred = jax.device_put(pred, NamedSharding(mesh, P("data")))
    target = jax.device_put(target, NamedSharding(mesh, P("data")))

    def mse(p, t):
        err = jnp.mean((p - t) ** 2)
        return jax.lax.pmean(err, args.metric_axes)

    return jax.shard_map(mse, mesh=mesh, in_specs=(P("data"), P("data")), out_specs=P())(pred, target)


if __name__ == "__main__":
    print(main(*inputs()))
