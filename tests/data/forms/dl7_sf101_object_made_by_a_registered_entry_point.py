"""timm's `create_model(name, **kwargs)`: it returns `_model_entrypoints[name](**kwargs)`, whose
entry point (filed by `@register_model`) returns `Net(**kwargs)`. The object every construction
makes is held where `create_model`'s result is, so the body's `__call__` is judged."""
import jax
from jax.sharding import PartitionSpec as P

_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


class Net:
    def __init__(self, axis="i"):
        self.axis = axis

    def __call__(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # SF101


@register_model
def net_small(**kwargs):
    return Net(**kwargs)


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


def main(mesh, x):
    model = create_model("net_small", axis="i")
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
