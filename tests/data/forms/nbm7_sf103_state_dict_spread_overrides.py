"""Silent: the spread comes last (`{"af": gathered, **state}`), so the state's own varying "af"
wins; and a dict spread from a parameter nobody passes knowingly is not read."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def update_af(state, x):
    return {"af": jax.lax.all_gather(x, "i", tiled=True, to="reduced"), **state}


def body(x):
    state = update_af({"af": x}, x)
    return jax.lax.pmean(state["af"], "i")  # none


def merge(extra, x):
    state = {"af": jax.lax.all_gather(x, "i", tiled=True, to="reduced"), **extra}
    return jax.lax.pmean(state["af"], "i")  # none


def other(x):
    return merge({"af": x}, x) + merge({"af": 2 * x}, x)


def main(mesh, x):
    first = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
    second = jax.shard_map(other, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
    return first, second
