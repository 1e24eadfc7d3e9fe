"""A module rebuilt through `object.__new__` and `vars(new)[name] = value` whose copy is given
another axis than its template's `__init__` stored: the gather is over the axis its input varies
on (JAX runs it)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Probe:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, y):
        total = jax.lax.psum(y, "model")
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")


def moved(module, **changes):
    new = object.__new__(type(module))
    for name, value in vars(module).items():
        vars(new)[name] = changes.get(name, value)
    return new


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    template = Probe("model")

    def body(x):
        return moved(template, axis="data")(x)

    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P("model", None, reduced={"data"}))(x)


if __name__ == "__main__":
    main()
