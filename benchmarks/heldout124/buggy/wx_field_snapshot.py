"""launchers/weather/snapshot.py: write forecast snapshots for the visualisation service.

Zonal bands are assembled along longitude first (to="reduced"); the snapshot writer then
gathers the globe over the axes of the `snapshot` entry in the output config.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

OUTPUTS = {
    "bands": {"axes": ("lon",), "every": 1},
    "snapshot": {"axes": ("lat", "lon"), "every": 2},
}


def build_mesh():
    ici = [int(os.environ.get("ICI_LAT", "2")), int(os.environ.get("ICI_LON", "4"))]
    dcn = [int(os.environ.get("DCN_LAT", "1")), 1]
    dims = [a * b for a, b in zip(ici, dcn)]
    return Mesh(np.array(jax.devices()).reshape(dims), ("lat", "lon"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def advect(u, c):
    return u - c * (u - jnp.roll(u, 1, axis=1))


def snapshot_fn(mesh, c):
    band_axes = OUTPUTS["bands"]["axes"]
    snap_axes = OUTPUTS["snapshot"]["axes"]

    def body(u):
        u = advect(u, c)
        bands = jax.lax.all_gather(u, band_axes, axis=1, tiled=True, to="reduced")
        globe = jax.lax.all_gather(bands, snap_axes, axis=0, tiled=True, to="reduced")
        return globe

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("lat", "lon"),
                                 out_specs=P(None, None, reduced=set(snap_axes))))


def save_snapshot(globe, step, out_dir):
    if jax.process_index() != 0:
        return
    np.save(os.path.join(out_dir, f"snap_{step:04d}.npy"), np.asarray(globe))


def main(step):
    mesh = build_mesh()
    c = float(os.environ.get("COURANT", "0.4"))
    field = np.fromfunction(lambda i, j: np.sin(i / 3.0) * np.cos(j / 5.0), (8, 16),
                            dtype=np.float32)
    u = jax.make_array_from_process_local_data(NamedSharding(mesh, P("lat", "lon")), field)
    globe = None
    with jax.set_mesh(mesh):
        if step % OUTPUTS["snapshot"]["every"] == 0:
            globe = snapshot_fn(mesh, c)(u)
    with tempfile.TemporaryDirectory() as tmp:
        if globe is not None:
            save_snapshot(globe, step, tmp)
    return globe if globe is not None else u


def snapshot_names(out_dir):
    if not os.path.isdir(out_dir):
        return []
    return sorted(f for f in os.listdir(out_dir) if f.startswith("snap_"))


def should_write(step):
    return step % OUTPUTS["snapshot"]["every"] == 0


def inputs():
    return (int(os.environ.get("STEP", "0")),)


if __name__ == "__main__":
    main(*inputs())
