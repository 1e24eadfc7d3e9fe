import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"damping": P(("i", "j"), None), "friction": P(("i", "j"), None)}
EXPORT_SPECS = {"damping": P("i", None, reduced={"j"}), "friction": P("j", None, reduced={"i"})}


def place(mesh, params):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)


def export(params):
    return {k: top_level_all_gather(v, EXPORT_SPECS[k]) for k, v in params.items()}  # none


def main(mesh, x):
    params = {"damping": jnp.ones((8, 7)), "friction": jnp.full((8, 7), 0.1)}
    placed = place(mesh, params)
    placed.pop("friction")
    with jax.set_mesh(mesh):
        return export(placed)
