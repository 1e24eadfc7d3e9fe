"""As qa6, but the launcher writes one device over another in its array before the mesh is made:
the mesh then holds a device twice (JAX rejects it when it places the input), and the run,
which forgets every device layout on a write in place, stays silent at the gather."""
import jax
import numpy as np
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P


def main():
    devices = np.array(jax.devices()).reshape(-1, 2)
    devices[0, 0] = devices[1, 1]
    mesh = Mesh(devices, ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    metric_axis = [name for name, size in mesh.shape.items() if size == 2][0]

    def body(g):
        total = jax.lax.psum(g, "model")
        return jax.lax.all_gather(total, metric_axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(None, "model"), out_specs=P(None, None, reduced={"model"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P(None, "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
