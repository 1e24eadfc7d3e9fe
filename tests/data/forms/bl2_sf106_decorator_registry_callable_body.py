"""A class filed by a registering decorator into an empty dict, built by key and used as the body (its __call__)."""
import jax
from jax.sharding import PartitionSpec as P

ROUTERS = {}


def register_router(name):
    def wrap(cls):
        ROUTERS[name] = cls
        return cls
    return wrap


@register_router("choice")
class ChoiceRouter:
    def __init__(self, capacity, token_axis="i"):
        self.capacity = capacity
        self.token_axis = token_axis

    def affinity(self, scores):
        gathered = jax.lax.all_gather(scores, self.token_axis, axis=0, tiled=True, to="reduced")
        return jax.nn.softmax(gathered, axis=0)  # SF106

    def __call__(self, scores):
        return self.affinity(scores)[: self.capacity]


def main(mesh, x):
    router = ROUTERS["choice"](capacity=4)
    return jax.shard_map(router, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
