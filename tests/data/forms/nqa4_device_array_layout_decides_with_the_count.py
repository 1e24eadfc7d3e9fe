"""As qa6, but the metrics axis is the one of size 4, else 'model': on 8 devices (4 x 2) that is
'data', which the psum left invariant (JAX raises), on 4 or 16 devices (2 x 2, 8 x 2) it is
'model' (the program runs); which axis the body gathers over depends on how many devices the
machine has, so the analysis stays silent (device_counts.py)."""
import jax
import numpy as np
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def create_mesh(model_parallelism):
    devices = np.array(jax.devices()).reshape(-1, model_parallelism)
    return Mesh(devices, AXES, axis_types=(AxisType.Explicit,) * len(AXES))


def main():
    mesh = create_mesh(2)
    found = [name for name, size in mesh.shape.items() if size == 4]
    metric_axis = found[0] if found else "model"

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, metric_axis, axis=0, tiled=True, to="reduced")

    kept = "model" if metric_axis == "data" else None
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, kept, reduced={metric_axis}))
    g = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
