"""The plan's axes are a property: its setter parses a string, its deleter resets them to every
mesh axis. The script deletes them before reducing, so the body's psum runs over ("data",
"model") on a value varying on "data" only, and raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, mesh):
        self.mesh = mesh
        self._axes = ("data",)

    @property
    def axes(self):
        return self._axes

    @axes.setter
    def axes(self, text):
        self._axes = tuple(text.split(","))

    @axes.deleter
    def axes(self):
        self._axes = tuple(self.mesh.axis_names)

    def reduce(self, x):
        axes = self.axes

        def body(block):
            return jax.lax.psum(block, axes)  # SF105

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    plan = Plan(mesh)
    plan.axes = "data"
    del plan.axes
    return plan.reduce(x)


if __name__ == "__main__":
    main()
