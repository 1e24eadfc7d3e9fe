import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"w": P(("j", "i"), None), "b": P()}
SERVE = {"w": P("j", None), "b": P()}


def init(rows=8, cols=8):
    return {"w": jnp.ones((rows, cols)), "b": jnp.zeros((cols,))}


def export(params):
    return {name: top_level_all_gather(v, SERVE[name]) for name, v in params.items()}  # SF104


def export_loop(params):
    out = {}
    for name, v in params.items():
        out[name] = top_level_all_gather(v, SERVE[name])  # SF104
    return out


def main(mesh, x):
    params = init()
    params = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), params, TRAIN)
    with jax.set_mesh(mesh):
        return export(params), export_loop(params)
