"""Sequence-parallel LayerNorm in the TP strategy: the sequence is gathered before the norm."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SPLayerNorm:
    def __init__(self, sp_axis, eps=1e-5):
        self.sp_axis = sp_axis
        self.eps = eps

    def __call__(self, x, gamma):
        full = jax.lax.all_gather(x, self.sp_axis, axis=0, tiled=True, to="reduced")
        centered = full - full.mean(axis=-1, keepdims=True)
        var = (centered * centered).mean(axis=-1, keepdims=True)
        return centered * jax.lax.rsqrt(var + self.eps) * gamma


NORMS = {"sp": functools.partial(SPLayerNorm, "model"), "none": None}


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    rng = np.random.default_rng(65)
    x = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                       NamedSharding(mesh, P(("pod", "data", "model"), None)))
    gamma = jax.device_put(np.ones((8,), np.float32), NamedSharding(mesh, P(None)))
    return mesh, x, gamma


def main(mesh, x, gamma):
    norm = NORMS["sp"]()
    f = jax.shard_map(norm, mesh=mesh, in_specs=(P(("pod", "data", "model"), None), P(None)),
                      out_specs=P(("pod", "data"), None))
    return f(x, gamma)


if __name__ == "__main__":
    main(*inputs())
