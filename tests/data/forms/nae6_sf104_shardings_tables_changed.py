import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"embed": P(("i", "j"), None)}


def run(mesh, x):
    shardings = {name: NamedSharding(mesh, spec) for name, spec in SPECS.items()}
    shardings["embed"] = NamedSharding(mesh, P())
    with jax.set_mesh(mesh):
        embed = jax.device_put(x, shardings["embed"])
        e = top_level_all_gather(embed, P(None, None))  # none
        other = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        other = jax.reshard(other, P())
        moved = jax.device_put(x, other.sharding)
        m = top_level_all_gather(moved, P(None, None))  # none
    return e, m
