"""A library module (no `__main__` block) whose entry `main(x, axis)` takes the gather's axis
from its caller: over "model" the gather is fine, over "data" JAX raises; which one the module
never says."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Box:
    def __init__(self, value):
        self.value = value


class Module:
    pass


class Probe(Module):
    def __init__(self, axis, w):
        self.axis = axis
        self.w = Box(w)

    def __call__(self, y):
        total = jax.lax.psum(y * self.w.value, "data")
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # none


def skeleton(module):
    new = object.__new__(type(module))
    for name, value in vars(module).items():
        vars(new)[name] = skeleton(value) if isinstance(value, Module) else Box(None) if isinstance(value, Box) else value
    return new


def merge(template, arrays):
    module = skeleton(template)
    for name, value in arrays.items():
        getattr(module, name).value = value
    return module


def main(x, axis):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    template = Probe(axis, np.float32(2.0))

    def body(arrays, y):
        return merge(template, arrays)(y)

    xs = jax.device_put(x, NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P()}, P(("data", "model"), None)),
                         out_specs=P(None, reduced={axis}))({"w": np.float32(3.0)}, xs)
