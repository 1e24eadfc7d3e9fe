"""A property of the metaclass is a data descriptor of the class object: `ReducePlan.axes` runs
it, whatever the class body binds, and gets ('data', 'model'). The loss, pmean'd over 'data', is
then psum'd over both axes, varying on 'model' and invariant on 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PlanMeta(type):
    @property
    def axes(cls):
        return tuple(cls.order)


class ReducePlan(metaclass=PlanMeta):
    order = ["data", "model"]
    axes = ("model",)


def main():
    axes = ReducePlan.axes
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        loss = jax.lax.pmean(x.sum(), "data")
        return jax.lax.psum(loss, axes)  # SF105

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()
