"""Snapshot writer gathering distributed FDTD fields into the layout of the output file."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("px", "py")


class SnapshotWriter:
    SOLVER_LAYOUT = P(("px", "py"), None)
    OUTPUT = {
        "ez": P("px", None, reduced={"py"}),
        "hx": P("py", None),
    }

    def __init__(self, mesh):
        self.mesh = mesh
        self.frames = {}

    def place(self, field):
        return jax.device_put(field, NamedSharding(self.mesh, self.SOLVER_LAYOUT))

    def write(self, name, field):
        self.frames[name] = top_level_all_gather(field, self.OUTPUT[name])
        return self.frames[name]


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(ez):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    writer = SnapshotWriter(mesh)
    ez = writer.place(ez)
    with jax.set_mesh(mesh):
        return writer.write("ez", ez)


if __name__ == "__main__":
    main(*inputs())
