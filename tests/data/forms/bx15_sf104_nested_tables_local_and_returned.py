import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RUN = {"layouts": {"train": P(("i", "j"), None), "serve": P("j", None)}}


def init_state(mesh):
    return {"mesh": mesh, "layouts": {"train": P(None, ("j", "i")), "serve": P(None, "i")}}


def main(mesh, x):
    state = init_state(mesh)
    local = {"layouts": {"train": P(("j", "i"), None), "serve": P("i", None)}}
    a = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, RUN["layouts"]["train"]))
    b = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, state["layouts"]["train"]))
    c = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, local["layouts"]["train"]))
    with jax.set_mesh(mesh):
        ga = top_level_all_gather(a, RUN["layouts"]["serve"])  # SF104
        gb = top_level_all_gather(b, state["layouts"]["serve"])  # SF104
        gc = top_level_all_gather(c, local["layouts"]["serve"])  # SF104
    return ga, gb, gc
