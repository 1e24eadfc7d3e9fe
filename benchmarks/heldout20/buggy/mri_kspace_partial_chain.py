"""Multi-coil k-space: coils gathered for the coil-compression step, then all slices for the viewer."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("slice", "coil"))
gather = functools.partial(functools.partial(jax.lax.all_gather, tiled=True), to="reduced")


def compress(k):
    return k * jnp.hanning(k.shape[-1])


def body(kspace):
    coils = gather(compress(kspace), "coil", axis=1)
    viewer = gather(coils, ("slice", "coil"), axis=0)
    return viewer


def inputs():
    k = jax.random.normal(jax.random.key(61), (8, 8, 32))
    return (jax.device_put(k, NamedSharding(mesh, P("slice", "coil", None))),)


def main(k):
    return jax.shard_map(body, mesh=mesh, in_specs=P("slice", "coil", None),
                         out_specs=P(None, None, None, reduced={"slice", "coil"}))(k)
