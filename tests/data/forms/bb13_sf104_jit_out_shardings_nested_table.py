import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def init(x):
    return {"enc": {"w": x * 2.0, "b": jnp.zeros(8)}}


def main(mesh, x):
    shardings = {"enc": {"w": NamedSharding(mesh, P("i", "j")), "b": NamedSharding(mesh, P("j"))}}
    state = jax.jit(init, out_shardings=shardings)(x)
    with jax.set_mesh(mesh):
        return top_level_all_gather(state["enc"]["w"], P(None, "j"))  # SF104
