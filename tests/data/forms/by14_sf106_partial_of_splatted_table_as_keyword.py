import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

RADIAL = {"r_max": 5.0}


def basis(r, *, r_max):
    return r / r_max  # SF106


def embed(v, *, axis_name, basis_fn):
    r = jax.lax.all_gather(jnp.abs(v), axis_name, axis=1, tiled=True, to="reduced")
    basis_fn(r)
    return v


def main(mesh, x):
    fn = functools.partial(embed, axis_name="j", basis_fn=functools.partial(basis, **RADIAL))
    return jax.shard_map(fn, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
