"""Lookahead optimizer wrapper: slow weights synchronised from the fast weights every k steps."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LookaheadState(NamedTuple):
    fast: jax.Array
    slow: jax.Array


class Lookahead:
    def __init__(self, sync_period=2, alpha=0.5, axis_name="model"):
        self.sync_period = sync_period
        self.alpha = alpha
        self.axis_name = axis_name

    def init(self, params):
        return LookaheadState(fast=params, slow=params)

    def _broadcast_slow(self, slow):
        return jax.lax.all_gather(slow, self.axis_name, axis=1, tiled=True, to="reduced")

    def update(self, grads, state, lr=0.1):
        fast = state.fast - lr * grads
        slow = state.slow + self.alpha * (fast - state.slow)
        shared = self._broadcast_slow(slow)
        consensus = jax.lax.pmean(shared, self.axis_name)
        return consensus, LookaheadState(fast=fast, slow=slow)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sh = NamedSharding(mesh, P("data", "model"))
    params, grads = jax.device_put(params, sh), jax.device_put(grads, sh)
    opt = Lookahead()

    def body(p, g):
        consensus, _ = opt.update(g, opt.init(p))
        return consensus

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", "model"), P("data", "model")),
                         out_specs=P("data", None))(params, grads)


if __name__ == "__main__":
    main(*inputs())
