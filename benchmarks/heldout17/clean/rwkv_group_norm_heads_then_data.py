"""RWKV-like group norm monitor: statistics over heads, then the mean over the data axis alone."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    data: str
    heads: str


def monitor(x, axes):
    mu = jax.lax.pmean(jnp.mean(x, axis=-1), axes.heads)
    var = jax.lax.pmean(jnp.mean((x - mu[:, None]) ** 2, axis=-1), axes.heads)
    return jax.lax.pmean(jnp.mean(var), axes.data)


def inputs():
    axes = MeshAxes("data", "heads")
    return jax.make_mesh((4, 2), tuple(axes)), jnp.sin(jnp.arange(64, dtype=jnp.float32)).reshape(8, 8), axes


def main(mesh, x, axes):
    x = jax.device_put(x, NamedSharding(mesh, P(*axes)))
    return jax.shard_map(lambda b: monitor(b, axes), mesh=mesh, in_specs=P(*axes), out_specs=P())(x)
