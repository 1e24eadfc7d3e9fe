import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def run(mesh, x, rows=("i", "j")):
    placed = jax.device_put(x, NamedSharding(mesh, P(rows, None)))
    with jax.set_mesh(mesh):
        # `rows` is a tuple of two names: this keeps a valid prefix of it.
        return top_level_all_gather(placed, P("i", None, reduced={"j"}))
