"""Two classes in a decorator-filled registry: the literal key picks the one that gathers to varying."""
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


@register_router("plain")
class PlainRouter:
    def __init__(self, token_axis="i"):
        self.token_axis = token_axis

    def __call__(self, scores):
        gathered = jax.lax.all_gather(scores, self.token_axis, axis=0, tiled=True)
        return jax.nn.softmax(gathered, axis=0)  # none


def main(mesh, x):
    router = ROUTERS["plain"]()
    return jax.shard_map(router, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
