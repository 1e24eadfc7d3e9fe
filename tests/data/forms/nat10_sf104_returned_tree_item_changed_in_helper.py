import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"enc": P("j", "i"), "dec": P("i", "j")}


def step(params):
    m = jax.tree.map(jnp.zeros_like, params)
    m["enc"] = jax.reshard(m["enc"], P("j", None))
    return {"m": m}


def run(mesh, x):
    params = {name: jax.device_put(x, NamedSharding(mesh, spec)) for name, spec in LAYOUT.items()}
    with jax.set_mesh(mesh):
        new_state = step(params)
        return top_level_all_gather(new_state["m"]["enc"], P("j", None))
