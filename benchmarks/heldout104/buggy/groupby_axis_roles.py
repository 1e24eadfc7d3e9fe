"""Reduction axes are the distinct keys of layers grouped by their axis."""
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYERS = [("embed", "data"), ("mlp", "model"), ("head", "model"), ("norm", "data")]


def reduction_axes(layers):
    ordered = sorted(layers, key=lambda kv: kv[1])
    return tuple(k for k, _ in itertools.groupby(ordered, key=lambda kv: kv[1]))


def body(b):
    row_norm = jax.lax.pmax(jnp.sum(jnp.abs(b)), "model")
    return jax.lax.pmean(row_norm, reduction_axes(LAYERS))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
