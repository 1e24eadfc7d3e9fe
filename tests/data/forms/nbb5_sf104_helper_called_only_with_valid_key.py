import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_SPECS = {"points": P("i", None), "labels": P("i")}
GATHER_SPECS = {"points": P(None, None, reduced={"i"}), "labels": P(None)}


def gather_field(batch, key):
    return top_level_all_gather(batch[key], GATHER_SPECS[key])


def main(mesh, points):
    host = {"points": points, "labels": points[:, 0]}
    batch = {k: jax.device_put(v, NamedSharding(mesh, BATCH_SPECS[k])) for k, v in host.items()}
    with jax.set_mesh(mesh):
        first = gather_field(batch, "points")
        again = gather_field(batch, "points")
    return first, again
