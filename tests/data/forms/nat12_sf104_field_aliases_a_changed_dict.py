import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Holder:
    def __init__(self, params):
        self.params = params


def run(mesh, x):
    params = {"w": jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))}
    holder = Holder(params)
    params["w"] = jax.device_put(x, NamedSharding(mesh, P("j", None)))  # the holder sees it too
    with jax.set_mesh(mesh):
        return top_level_all_gather(holder.params["w"], P("j", None))
