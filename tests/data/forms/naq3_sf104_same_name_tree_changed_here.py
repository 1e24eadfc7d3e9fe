import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"enc": {"w": P(("i", "j"), None), "b": P("j")}}


def init(shapes):
    params = {}
    for name, (d_in, d_out) in shapes.items():
        params[name] = {"w": jnp.ones((d_in, d_out)), "b": jnp.zeros((d_out,))}
    return params


def run(mesh, x):
    params = init({"enc": (8, 8)})
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    key = "enc"
    params[key]["w"] = jax.device_put(x, NamedSharding(mesh, P("j", None)))  # relaid out here
    with jax.set_mesh(mesh):
        return top_level_all_gather(params["enc"]["w"], P("j", None))
