"""A property of the metaclass is a data descriptor of the class object: `Plan.axes` runs it
and never sees the `axes` the class body binds. So the sum runs over 'data' alone, where the
value varies. Read as the class body's value, it would be over both axes of a value invariant on
'model', which JAX rejects."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PlanMeta(type):
    @property
    def axes(cls):
        return ("data",)


class Plan(metaclass=PlanMeta):
    axes = ("data", "model")


def main():
    axes = Plan.axes
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        return jax.lax.psum(x, axes)  # none

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
