"""A decorator-filled registry that a function also fills with a class of another module."""
import functools

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
    def __init__(self, token_axis="i"):
        self.token_axis = token_axis

    def __call__(self, scores):
        gathered = jax.lax.all_gather(scores, self.token_axis, axis=0, tiled=True, to="reduced")
        return jax.nn.softmax(gathered, axis=0)  # none


def install():
    ROUTERS["choice"] = lambda: functools.partial(jax.nn.softmax, axis=0)


def main(mesh, x, patch=True):
    if patch:
        install()
    router = ROUTERS["choice"]()
    return jax.shard_map(router, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
