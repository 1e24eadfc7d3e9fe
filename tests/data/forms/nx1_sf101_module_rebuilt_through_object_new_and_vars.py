"""An NNX-style module rebuilt inside the body: `object.__new__(type(m))`, then each field copied
through `vars(new)[name] = value` (its `__init__` never runs again), the arrays put back by path."""
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
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # SF101


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


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    template = Probe(mesh.axis_names[0], np.float32(2.0))

    def body(arrays, x):
        return merge(template, arrays)(x)

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    arrays = {"w": np.float32(3.0)}
    return jax.shard_map(body, mesh=mesh, in_specs=({"w": P()}, P(("data", "model"), None)),
                         out_specs=P("model", None, reduced={"data"}))(arrays, x)


if __name__ == "__main__":
    main()
