"""Axis fields as descriptors: __set_name__ records the attribute, __get__ reads the plan's table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisField:
    def __set_name__(self, owner, name):
        self.key = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.axes.get(self.key, self.key)

    def __set__(self, obj, value):
        obj.axes[self.key] = value


class Plan:
    batch = AxisField()
    hidden = AxisField()

    def __init__(self, **axes):
        self.axes = {}
        for k, v in axes.items():
            setattr(self, k, v)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    plan = Plan(batch="data", hidden="model")

    def body(block):
        act = jax.lax.all_gather(block, plan.hidden, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(act, plan.batch)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, None, reduced={"model"}))(x)


if __name__ == "__main__":
    main()
