"""Bessel radial basis with a polynomial cutoff on edge lengths shared along the channel axis."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RADIAL = {"num_basis": 8, "r_max": 5.0, "p": 6}


def edge_lengths(vectors):
    return jnp.sqrt(jnp.sum(vectors ** 2, axis=-1) + 1e-9)


def bessel_basis(r, *, num_basis, r_max, p):
    n = jnp.arange(1, num_basis + 1, dtype=jnp.float32)
    x = r / r_max
    return jnp.sqrt(2.0 / r_max) * jnp.sin(n * math.pi * x[..., None]) / r[..., None]


def radial_embedding(vectors, *, axis_name, basis_fn):
    basis = basis_fn(edge_lengths(vectors))
    return jax.lax.all_gather(basis, axis_name, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(17)
    return (rng.normal(size=(4, 16, 3)).astype(np.float32),)


def main(vectors):
    mesh = jax.make_mesh((2, 4), ("data", "channel"))
    spec = P("data", "channel", None)
    vectors = jax.device_put(vectors, NamedSharding(mesh, spec))
    embed = functools.partial(radial_embedding, axis_name="channel",
                              basis_fn=functools.partial(bessel_basis, **RADIAL))
    return jax.shard_map(embed, mesh=mesh, in_specs=(spec,), out_specs=P("data", None, None, reduced={"channel"}))(vectors)


if __name__ == "__main__":
    main(*inputs())
