import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"enc": {"w": P(("i", "j"), None), "b": P("j")}, "dec": {"w": P("i", "j"), "b": P(None)}}


def init(shapes):
    params = {}
    for name, (d_in, d_out) in shapes.items():
        params[name] = {"w": jnp.ones((d_in, d_out)), "b": jnp.zeros((d_out,))}
    return params


def reset(params, name):
    params[name]["b"] = jnp.zeros_like(params[name]["b"])


def run(mesh, x):
    params = init({"enc": (8, 8), "dec": (8, 8)})
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        a = top_level_all_gather(params["enc"]["w"], P("j", None, reduced={"i"}))  # SF104
        b = top_level_all_gather(params["dec"]["w"], P(None, "j", reduced={"i"}))
        return a, b
