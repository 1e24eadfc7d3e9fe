"""Market ABM: a risk observer computes realised volatility of the price path every N ticks."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEPS_PER_YEAR = 252 * 390


def realised_vol(path_block):
    # the whole time axis is needed: the returns straddle shard boundaries
    path = jax.lax.all_gather(path_block, "time", axis=0, tiled=True, to="reduced")
    log_ret = jnp.log(path[1:] / path[:-1])
    return jnp.std(log_ret, axis=0, keepdims=True) * math.sqrt(STEPS_PER_YEAR)


class RiskMonitor:
    every = 2

    def __init__(self, mesh):
        self.mesh = mesh
        self.readings = []
        self.fn = jax.shard_map(realised_vol, mesh=mesh, in_specs=P("time", "symbols"),
                                out_specs=P(None, "symbols", reduced={"time"}))

    def __call__(self, tick, path):
        if tick % self.every == 0:
            self.readings.append(self.fn(path))


def inputs():
    rng = np.random.default_rng(25)
    steps = rng.normal(0, 1e-3, (64, 8)).astype(np.float32)
    return (np.exp(np.cumsum(steps, axis=0)).astype(np.float32) * 100.0,)


def main(path):
    mesh = jax.make_mesh((4, 2), ("time", "symbols"))
    path = jax.device_put(path, NamedSharding(mesh, P("time", "symbols")))
    callbacks = [RiskMonitor(mesh)]
    for tick in range(4):
        path = path * 1.0001
        for cb in callbacks:
            cb(tick, path)
    print(len(callbacks[0].readings))


if __name__ == "__main__":
    main(*inputs())
