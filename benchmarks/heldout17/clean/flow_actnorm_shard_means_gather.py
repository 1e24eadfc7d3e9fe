"""RealNVP ActNorm diagnostics: each shard's own mean is gathered (reduced) before any pmean."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class FlowAxes(NamedTuple):
    batch: str = "batch"
    dim: str = "dim"


AXES = FlowAxes()


def shard_means(x, axes=AXES):
    local_mean = jnp.mean(x, axis=0, keepdims=True)
    per_shard = jax.lax.all_gather(local_mean, axes.batch, axis=0, tiled=True, to="reduced")
    global_mean = jax.lax.pmean(local_mean, axes.batch)
    return per_shard, global_mean


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    return mesh, jnp.sin(jnp.arange(16 * 6, dtype=jnp.float32)).reshape(16, 6)


def main(mesh, x):
    spec = P(AXES.batch, AXES.dim)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    f = jax.shard_map(shard_means, mesh=mesh, in_specs=spec,
                      out_specs=(P(None, AXES.dim, reduced={AXES.batch}), P(None, AXES.dim)))
    return f(x)
