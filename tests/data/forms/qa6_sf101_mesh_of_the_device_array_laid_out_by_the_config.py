"""The launcher lays the devices out itself: `Mesh(np.array(jax.devices()).reshape(sizes), names,
axis_types=...)` with the data size filled in from the device count; the mesh then has those
sizes, and the metrics axis is the one of size 2 (`mesh.shape`): the psum result, invariant over
'model', is gathered to reduced over 'model'."""
import jax
import numpy as np
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def create_mesh(model_parallelism):
    devices = np.array(jax.devices()).reshape(-1, model_parallelism)
    return Mesh(devices, AXES, axis_types=(AxisType.Explicit,) * len(AXES))


def main():
    mesh = create_mesh(2)
    metric_axis = [name for name, size in mesh.shape.items() if size == 2][0]

    def body(g):
        total = jax.lax.psum(g, "model")
        return jax.lax.all_gather(total, metric_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(None, "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P(None, "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
