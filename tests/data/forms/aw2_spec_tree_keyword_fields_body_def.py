"""A module's spec tree built with keyword fields inside in_specs; a named body calls the module,
whose `__call__` gathers rows reduced and then gathers them again over both axes."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Proj:
    kernel: jax.Array
    bias: jax.Array

    def __call__(self):
        rows = jax.lax.all_gather(self.kernel, "i", axis=0, tiled=True, to="reduced")
        full = jax.lax.all_gather(rows, ("i", "j"), axis=1, tiled=True, to="reduced")  # SF102
        return full


def apply(proj):
    return proj()


def run(mesh, x):
    proj = Proj(kernel=jnp.asarray(x), bias=jnp.zeros((8,), jnp.float32))
    specs = (Proj(kernel=P("i", "j"), bias=P()),)
    mapped = jax.shard_map(apply, mesh=mesh, in_specs=specs, out_specs=P(None, None, reduced={"i", "j"}))
    return mapped(proj)
