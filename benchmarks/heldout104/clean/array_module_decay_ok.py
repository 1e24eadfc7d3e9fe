"""Per-step decay factors are stored in an array.array of floats."""
from array import array

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECAY = array("d", [1.0, 0.9, 0.81])
STEP = 0


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    d = DECAY[STEP]
    if d == 1.0:
        return rows
    return rows * d


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
