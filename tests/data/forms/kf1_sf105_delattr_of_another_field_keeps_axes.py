"""A run plan drops its optional `scale` with delattr before reducing; its axes, set in
__init__ to every mesh axis, stay, so the psum runs over ("data", "model") on a value varying on
"data" only, and raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    axes = ("data",)
    scale = 1.0

    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = tuple(mesh.axis_names)
        self.scale = 2.0

    def reduce(self, x):
        axes = self.axes

        def body(block):
            return jax.lax.psum(block, axes)  # SF105

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    plan = Plan(mesh)
    delattr(plan, "scale")
    return plan.reduce(x)


if __name__ == "__main__":
    main()
