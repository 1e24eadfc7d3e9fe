"""The same entry point is also kept under another name (`DEFAULT_ENTRY`): objects it makes may
be built and called anywhere, so the body is not judged."""
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
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")


@register_model
def net_small(**kwargs):
    return Net(**kwargs)


DEFAULT_ENTRY = net_small


def create_model(name, **kwargs):
    return _model_entrypoints[name](**kwargs)


def main(mesh, x):
    model = create_model("net_small", axis="i")
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
