import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FIELD = P("i", "j")


def smooth(u):
    return u * 0.5


def run(mesh, x):
    with jax.set_mesh(mesh):
        u = jax.device_put(x, NamedSharding(mesh, FIELD))
        step = jax.shard_map(smooth, in_specs=FIELD, out_specs=FIELD)
        for _ in range(3):
            u = step(u)
        rows = top_level_all_gather(u, P("j", None, reduced={"i"}))  # SF104
        v = jax.reshard(x, P(("i", "j")))
        n = 0
        while n < 2:
            v = jax.reshard(v * 2, P(("i", "j")))
            n += 1
        cols = top_level_all_gather(v, P("j", reduced={"i"}))  # SF104
        if n > 1:
            w = jax.device_put(x, NamedSharding(mesh, P(None, ("i", "j"))))
        else:
            w = jax.reshard(x, P(None, ("i", "j")))
        w = w - 1
        whole = top_level_all_gather(w, P(None, None))  # SF104
    return rows, cols, whole
