import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RUN = {"layouts": {"train": P(("i", "j"), None), "serve": P("j", None)}}


def init_state(mesh):
    return {"mesh": mesh, "layouts": {"train": P(None, ("j", "i")), "serve": P(None, "i")}}


def main(mesh, x):
    layouts = RUN["layouts"]
    layouts["serve"] = P("i", None, reduced={"j"})
    state = init_state(mesh)
    state["layouts"]["serve"] = P(None, "j", reduced={"i"})
    a = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, RUN["layouts"]["train"]))
    b = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, state["layouts"]["train"]))
    with jax.set_mesh(mesh):
        ga = top_level_all_gather(a, RUN["layouts"]["serve"])  # none
        gb = top_level_all_gather(b, state["layouts"]["serve"])  # none
    return ga, gb
