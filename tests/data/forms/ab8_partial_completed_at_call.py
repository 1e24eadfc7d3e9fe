"""A partial of shard_map that fixes the mesh (and the in_specs); the out_specs, or the specs,
come when it is applied to the body."""
import functools
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def gather_rows(v):
    return jax.lax.all_gather(v, "i", tiled=True, to="reduced")


def run(mesh, x):
    smap = partial(jax.shard_map, mesh=mesh)
    rows_in = functools.partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"))

    def rotate(v):
        full = gather_rows(v)
        return jax.lax.ppermute(full, "i", [(0, 1), (1, 0)])  # SF103

    def scatter(v):
        full = gather_rows(v)
        return jax.lax.psum_scatter(jnp.tanh(full), "i", scatter_dimension=0, tiled=True)  # SF103

    def mean(v):
        m = jax.lax.pmean(v, "j")
        return jax.lax.all_gather(m, "j", axis=1, tiled=True, to="reduced")  # SF101

    a = smap(rotate, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
    b = rows_in(scatter, out_specs=P("i", "j"))(x)
    c = partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"))(mean, out_specs=P("i", None, reduced={"j"}))(x)
    return a, b, c
