import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("i", "j")
GATHERED = ("j",)


def run(mesh, x):
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P(AXES, None)))
        a = top_level_all_gather(w, P(None, None, reduced=set(AXES[1:])))  # SF104
        b = top_level_all_gather(w, P("j", None, reduced=frozenset(AXES[:1])))  # SF104
        c = top_level_all_gather(w, P(None, None, reduced={*GATHERED}))  # SF104
        d = top_level_all_gather(w, P(AXES[0], None, reduced={*GATHERED}))  # none
        e = top_level_all_gather(w, P(None, None, reduced=set(AXES)))  # none
        f = top_level_all_gather(w, P(None, None, reduced=set("ij")))  # none
    return a, b, c, d, e, f
