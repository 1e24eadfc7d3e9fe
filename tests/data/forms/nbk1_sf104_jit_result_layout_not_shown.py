import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = P(("i", "j"), None)


def discount(grid, rate=0.03):
    return grid * rate


def main(mesh, x):
    grid = jax.device_put(x, NamedSharding(mesh, ROWS))
    with jax.set_mesh(mesh):
        # static arguments: the jit is not the plain one that keeps its argument's layout
        moved = jax.jit(discount, static_argnames="rate")(grid)
        a = top_level_all_gather(moved, P(None, None, reduced={"i", "j"}))  # none
        # the body lays its result out itself
        swapped = jax.jit(lambda p: jax.reshard(p, P("i", None)))(grid)
        b = top_level_all_gather(swapped, P(None, None, reduced={"i"}))  # none
        # a valid gather of a jitted result
        kept = jax.jit(lambda p: p * 2.0)(grid)
        c = top_level_all_gather(kept, P(None, None, reduced={"i", "j"}))  # none
        return a, b, c
