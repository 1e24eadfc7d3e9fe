"""Warm-up factor from the elapsed time since the run started."""
import datetime

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

START = datetime.datetime(2026, 1, 1, 12, 0, 0)
NOW = START + datetime.timedelta(minutes=30)
WARMUP = datetime.timedelta(minutes=20)


def warmup_factor(now):
    return min(1.0, (now - START) / WARMUP)


def body(b):
    rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    factor = warmup_factor(NOW)
    if factor >= 1.0:
        return rows
    return jnp.clip(rows, -factor, factor)


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
