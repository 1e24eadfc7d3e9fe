import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"b": P()}
SERVE = {"w": P("j", None), "b": P()}


def init(cols=8):
    return {"b": jnp.zeros((cols,))}


def init_changed(rows=8, cols=8):
    params = {"w": jnp.ones((rows, cols)), "b": jnp.zeros((cols,))}
    params.pop("w")
    return params


def export(params):
    return {name: top_level_all_gather(v, SERVE[name]) for name, v in params.items()}  # none


def main(mesh, x):
    params = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), init(), TRAIN)
    other = init_changed()
    other = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), other, TRAIN)
    with jax.set_mesh(mesh):
        return export(params), export(other)
