"""Market ABM risk observer: realised volatility from an invarying gather of the price path."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ANNUAL = math.sqrt(252 * 390)


def realised_vol(block):
    path = jax.lax.all_gather(block, "time", axis=0, tiled=True, to="invarying")
    r = jnp.log(path[1:] / path[:-1])
    return jnp.std(r, axis=0, keepdims=True) * ANNUAL


def inputs():
    steps = np.random.default_rng(25).normal(0, 1e-3, (64, 8)).astype(np.float32)
    return (np.exp(np.cumsum(steps, axis=0)).astype(np.float32) * 100.0,)


def main(path):
    mesh = jax.make_mesh((4, 2), ("time", "symbols"))
    path = jax.device_put(path, NamedSharding(mesh, P("time", "symbols")))
    vol = jax.shard_map(realised_vol, mesh=mesh, in_specs=P("time", "symbols"), out_specs=P(None, "symbols"))
    observers = {"vol": lambda t, p: vol(p) if t % 2 == 0 else None}
    readings = []
    for tick in range(4):
        path = path * 1.0001
        for name, cb in observers.items():
            r = cb(tick, path)
            if r is not None:
                readings.append(r)
    print(len(readings), readings[0].shape)


if __name__ == "__main__":
    main(*inputs())
