"""An equinox-style module and its spec object (both held in names) go through a step factory
that maps a wrapper calling the user's function; the module's `__call__` gathers twice."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Linear:
    weight: jax.Array

    def __call__(self, v):
        rows = jax.lax.all_gather(self.weight, "i", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, ("i", "j"), axis=1, tiled=True, to="reduced")  # SF102


def make_step(fn, mesh, in_specs, out_specs):
    def wrapped(model, v):
        return fn(model, v)
    return jax.shard_map(wrapped, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def run(mesh, x):
    model = Linear(jnp.asarray(x))
    spec = Linear(P("i", "j"))
    step = make_step(lambda m, v: m(v), mesh, (spec, P()), P(None, None, reduced={"i", "j"}))
    return step(model, jnp.asarray(x))
