"""Adaptive gradient clipping (NFNet AGC): unit-wise ratio of gradient to parameter norm."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AGC:
    def __init__(self, clipping=0.01, eps=1e-3, param_axis="model"):
        self.clipping = clipping
        self.eps = eps
        self.param_axis = param_axis

    def unitwise_norm(self, x):
        return jnp.sqrt(jnp.sum(x * x, axis=0, keepdims=True))

    def clip(self, param_shard, grad):
        param = jax.lax.all_gather(param_shard, self.param_axis, axis=1, tiled=True, to="reduced")
        p_norm = jnp.maximum(self.unitwise_norm(param), self.eps)
        g_norm = self.unitwise_norm(grad)
        max_norm = p_norm * self.clipping
        return jnp.where(g_norm > max_norm, grad * (max_norm / g_norm), grad)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(42)
    param = jax.device_put(rng.normal(size=(8, 16)).astype(np.float32), NamedSharding(mesh, P(None, "model")))
    grad = jax.device_put(rng.normal(size=(8, 16)).astype(np.float32), NamedSharding(mesh, P(None, None)))
    return mesh, param, grad


def main(mesh, param, grad):
    agc = AGC()
    f = jax.shard_map(agc.clip, mesh=mesh, in_specs=(P(None, "model"), P(None, None)),
                      out_specs=P(None, None))
    return f(param, grad)


if __name__ == "__main__":
    main(*inputs())
