import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def place(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(tuple(mesh.axis_names), None)))


def main(x):
    grid = jax.make_mesh((2, 4), ("rows", "cols"))
    line = jax.make_mesh((8,), ("cols",))
    kept = place(grid, x)
    w = place(line, x)
    with jax.set_mesh(line):
        return kept, top_level_all_gather(w, P(None, None, reduced={"cols"}))  # none
