"""A library module whose entry `main(x)` only places its argument and maps the body over it:
device_put, shard_map and the collectives pass an empty pytree through, so `main(None)` runs
clean while an array raises at the gather; which the importer passes the module never says."""
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
        scaled = jax.tree.map(lambda leaf: leaf * self.w.value, y)  # (an empty pytree has no leaves to scale)
        total = jax.lax.psum(scaled, "data")
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


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    template = Probe(mesh.axis_names[0], np.float32(2.0))

    def body(arrays, y):
        return merge(template, arrays)(y)

    xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P()}, P("data", None)),
                         out_specs=P(None, reduced={"data"}))({"w": np.float32(3.0)}, xs)
