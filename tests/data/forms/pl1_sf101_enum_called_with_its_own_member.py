"""Mesh axis names kept as members of a `(str, Enum)` class (with its own `__str__`) and
normalised by calling the class on each (`MeshAxis(a)` hands a member of its own class back as
it is); the body reads its axis from a class attribute holding a member (`self.log_axis.value`:
a member is no descriptor): the psum result, invariant over 'data', is gathered to reduced."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"

    def __str__(self):
        return self.value


MESH_AXES = (MeshAxis.DATA, MeshAxis.MODEL)


def build_mesh(shape, axes):
    return jax.make_mesh(shape, tuple(MeshAxis(a).value for a in axes))


class GradLog:
    log_axis = MeshAxis.DATA

    def body(self, g):
        total = jax.lax.psum(g, self.log_axis.value)
        return jax.lax.all_gather(total, self.log_axis.value, axis=0, tiled=True, to="reduced")  # SF101


def main():
    mesh = build_mesh((4, 2), MESH_AXES)
    fn = jax.shard_map(GradLog().body, mesh=mesh, in_specs=P("data", None),
                       out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
