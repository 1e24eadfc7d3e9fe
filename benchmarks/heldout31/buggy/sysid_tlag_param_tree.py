"""Identified dynamics parameters, placed as a tree and exported for the simulator."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "damping": P(("episode", "param"), None),
    "friction": P(("episode", "param", "ensemble"), None),
}
EXPORT_SPECS = {
    "damping": P("episode", None, reduced={"param"}),
    "friction": P(("episode", "param"), None, reduced={"ensemble"}),
}


def place(mesh, params):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)


def export(params):
    return {k: top_level_all_gather(v, EXPORT_SPECS[k]) for k, v in params.items()}


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("episode", "param", "ensemble"))
    params = {"damping": jnp.ones((8, 7), jnp.float32), "friction": jnp.full((8, 7), 0.1, jnp.float32)}
    return mesh, params


def main(mesh, params):
    with jax.set_mesh(mesh):
        return export(place(mesh, params))
