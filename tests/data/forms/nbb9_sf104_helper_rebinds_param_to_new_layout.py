import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def replicate(params, mesh):
    params = {k: jax.device_put(v, NamedSharding(mesh, P(None, None))) for k, v in params.items()}
    return params, len(params)


def main(mesh, w):
    params = {"w": jax.device_put(w, NamedSharding(mesh, P("i", "j")))}
    params, count = replicate(params, mesh)
    with jax.set_mesh(mesh):
        return top_level_all_gather(params["w"], P(None, None))
