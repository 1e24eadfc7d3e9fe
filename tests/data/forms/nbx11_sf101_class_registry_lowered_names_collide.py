import jax
from jax.sharding import PartitionSpec as P

MODELS = {}


def register_model(cls):
    MODELS[cls.__name__.lower()] = cls
    return cls


@register_model
class HBV:
    def report(self, x):
        balance = jax.lax.psum(x.sum(axis=0), "i")
        return jax.lax.all_gather(balance, "i", axis=0, tiled=True, to="reduced")  # none


@register_model
class Hbv:
    def report(self, x):
        return jax.lax.all_gather(x.sum(axis=0), "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    model = MODELS["hbv"]()
    return jax.shard_map(model.report, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j", reduced={"i"}))(x)
