"""Near misses of cb3: an item of a 3-D NumPy table (`np.linspace` between arrays) is a 2-D array
that lifts a 1-D input to 2-D (its sharded dimension moves to the last one), an index that is a
slice gives an array, and a schedule some code hands away may be changed in place."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

T = 4
PLANES = np.linspace(np.zeros((8, 8)), np.ones((8, 8)), T).astype(np.float32)
ROWS = np.linspace(1e-4, 0.02, 8).astype(np.float32)
SHARED = np.linspace(1e-4, 0.02, T).astype(np.float32)


def lift(v, t):
    return v * PLANES[t]


def main(mesh, x):
    np.copyto(SHARED, np.float32(1.0))
    with jax.set_mesh(mesh):
        v = jax.device_put(np.ones(8, np.float32), NamedSharding(mesh, P("j")))
        for t in range(T):
            v = lift(v, t)
        w = jax.device_put(np.ones(8, np.float32), NamedSharding(mesh, P("j")))
        w = w * ROWS[0:8]
        u = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
        for t in range(T):
            u = u * SHARED[t]
        return (top_level_all_gather(v, P(None, "j")), top_level_all_gather(w, P(None, reduced={"j"})),
                top_level_all_gather(u, P("i", None, reduced={"j"})))
