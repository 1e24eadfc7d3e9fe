"""Ring settings held in a types.SimpleNamespace built from a dict."""
import types

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAW = {"ring_axis": "model", "ring_size": 2}
RING = types.SimpleNamespace(**RAW)


def body(b):
    cols = jax.lax.all_gather(b, "model", axis=1, tiled=True, to="reduced")
    perm = [(i, (i + 1) % RING.ring_size) for i in range(RING.ring_size)]
    return jax.lax.ppermute(cols, RING.ring_axis, perm)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
