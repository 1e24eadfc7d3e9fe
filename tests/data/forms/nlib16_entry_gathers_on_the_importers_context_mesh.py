"""A library module whose entry gathers at the top level with no mesh of its own in context:
straight after the import JAX raises for want of a context mesh, but an importer that calls it
inside its own `with jax.set_mesh(mesh):` (Explicit axes) runs it clean."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", None)))
    return top_level_all_gather(x, P(None, reduced={"i"}))  # none
