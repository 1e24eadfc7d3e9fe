"""The helper's default reducer would divide a reduced value, but the caller passes its own."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def _mean_rows(v):
    return jnp.sum(v, axis=0) / 8.0


def _first_row(v):
    return v[0]


def summarise(v, reducer=_mean_rows):
    return reducer(v)


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return summarise(full, reducer=_first_row)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, reduced={"i"}))(x)
