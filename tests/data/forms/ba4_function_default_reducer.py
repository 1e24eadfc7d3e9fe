"""A helper's reducer is a module function given as the parameter's default: the body calls
the helper without it, so the default runs (a division of a reduced value)."""
import jax
from jax.sharding import PartitionSpec as P


def _halve(v):
    return v / 2.0  # SF106


def summarise(v, reducer=_halve):
    return reducer(v)


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
        return summarise(full)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))(x)
