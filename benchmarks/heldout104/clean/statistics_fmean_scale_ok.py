"""The output is scaled by the mean of the per-layer gains."""
import statistics

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYER_GAINS = [0.5, 1.0, 1.5, 1.0]


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    gain = statistics.fmean(LAYER_GAINS)
    if gain == 1.0:
        return rows
    return rows * gain


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
