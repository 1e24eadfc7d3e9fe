"""launchers/weather/restart.py: write restart files in the format the coupler expects.

The prognostic field lives flattened over both mesh axes on its first dimension. The
restart format is chosen by RESTART_FORMAT; each format names its gather spec.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FIELD_SPEC = P(("lat", "lon"), None)
RESTART_FORMATS = {
    "netcdf_whole": P(None, None, reduced={"lat", "lon"}),
    "per_row": P("lat", None, reduced={"lon"}),
    "coupler": P(None, None, reduced={"lat"}),
}


def mesh_dims():
    n = jax.device_count()
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici_parallelism = [2, n // 2]
    return tuple(d * i for d, i in zip(dcn_parallelism, ici_parallelism))


@jax.jit
def relax(u):
    return 0.5 * (u + jnp.mean(u, axis=1, keepdims=True))


def write_restart(u, fmt, directory):
    spec = RESTART_FORMATS[fmt]
    full = top_level_all_gather(u, spec)
    if jax.process_index() == 0:
        path = os.path.join(directory, f"restart_{fmt}.npy")
        np.save(path, np.asarray(full))
        return path
    return None


def latest_restart(directory):
    files = sorted(f for f in os.listdir(directory) if f.startswith("restart_"))
    return files[-1] if files else None


def main(fmt):
    mesh = jax.make_mesh(mesh_dims(), ("lat", "lon"))
    directory = tempfile.mkdtemp(prefix="wx_restart_")
    with jax.set_mesh(mesh):
        u = jax.device_put(np.ones((16, 4), np.float32), NamedSharding(mesh, FIELD_SPEC))
        prev = latest_restart(directory)
        if prev is None:
            u = relax(u)
        path = write_restart(u, fmt, directory)
    if jax.process_index() == 0:
        print("wrote", path)
    return u


def restart_metadata(fmt, u):
    """Small JSON-able header the coupler reads next to each restart file."""
    return {
        "format": fmt,
        "shape": list(u.shape),
        "dtype": str(u.dtype),
        "hosts": jax.process_count(),
        "spec": str(RESTART_FORMATS[fmt]),
    }


def inputs():
    return (os.environ.get("RESTART_FORMAT", "coupler"),)


if __name__ == "__main__":
    main(*inputs())
