"""AlphaFold-style heads held as `(name, head)` pairs of a list: the loop unpacking the pairs calls
each head, `self.heads[-1][0]` reads a name; the config's own `heads` item read by attribute is
no read of that list."""
import jax
from jax.sharding import PartitionSpec as P

HEAD_REGISTRY = {}


class AttrDict(dict):
    __getattr__ = dict.__getitem__


def register_head(name):
    def wrap(cls):
        HEAD_REGISTRY[name] = cls
        return cls

    return wrap


@register_head("gather")
class GatherHead:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x, outputs):
        h = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return h.mean(axis=-1, keepdims=True)  # SF106


class Heads:
    def __init__(self, config):
        self.heads = [(name, HEAD_REGISTRY[name](axis)) for name, axis in config.heads.items()]

    def __call__(self, x):
        outputs = {}
        for name, head in self.heads:
            outputs[name] = head(x, outputs)
        return outputs[self.heads[-1][0]]


def main(mesh, x):
    config = AttrDict(heads={"gather": "j"})
    return jax.shard_map(Heads(config), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
