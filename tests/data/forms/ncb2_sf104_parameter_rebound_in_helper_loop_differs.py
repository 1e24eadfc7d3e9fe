"""Near misses of cb2: the loop that would re-lay the input out never runs here (`steps=0`), so the
value it came in with reaches the gather, which is valid for that one; and a step that is a
host array of a higher rank (`np.ones((8, 8))` times a 1-D input moves its sharded dimension)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def relay(y, mesh, steps):
    for _ in range(steps):
        y = jax.device_put(y, NamedSharding(mesh, P("j", None)))
    return y


def scale(v, dt, steps):
    for _ in range(steps):
        v = v * dt
    return v


def main(mesh, x, steps=0):
    with jax.set_mesh(mesh):
        placed = jax.device_put(np.asarray(x), NamedSharding(mesh, P(("i", "j"), None)))
        y = relay(placed, mesh, steps)
        v = scale(jax.device_put(np.ones(8, np.float32), NamedSharding(mesh, P("j"))), np.ones((8, 8), np.float32), 1)
        return top_level_all_gather(y, P("i", None, reduced={"j"})), top_level_all_gather(v, P(None, "j"))
