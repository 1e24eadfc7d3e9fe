"""Snapshots of the physical-space fields, each with its own output layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER_LAYOUT = P(("kx", "ky"), None)
SNAPSHOT_LAYOUTS = {
    "vorticity": lambda axes: P(axes[0], None),
    "streamfunction": lambda axes: P(axes[0], None, reduced={axes[1]}),
}


def snapshot(fields, mesh, names=("vorticity",)):
    out = {}
    with jax.set_mesh(mesh):
        for name in names:
            out[name] = top_level_all_gather(fields[name], SNAPSHOT_LAYOUTS[name](mesh.axis_names))
    return out


def main(omega, psi):
    mesh = jax.make_mesh((2, 4), ("kx", "ky"))
    sh = NamedSharding(mesh, SOLVER_LAYOUT)
    fields = {"vorticity": jax.device_put(omega, sh), "streamfunction": jax.device_put(psi, sh)}
    return snapshot(fields, mesh)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.standard_normal((32, 32)).astype(np.float32),
            rng.standard_normal((32, 32)).astype(np.float32))
