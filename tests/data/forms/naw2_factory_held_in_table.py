"""A step factory that takes its spec trees as parameters is also kept in a table that other code
may call with other specs: the body's inputs are not known."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_step(mesh, in_specs, out_specs):
    def step(w, h):
        w = jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced")
        full = jax.lax.all_gather(w, ("i", "j"), axis=1, tiled=True, to="reduced")
        return h @ full
    return jax.shard_map(step, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


BUILDERS = {"step": make_step}


def run(mesh, x):
    step = make_step(mesh, (P("i", "j"), P()), P())
    return step(jnp.asarray(x), jnp.asarray(x))
