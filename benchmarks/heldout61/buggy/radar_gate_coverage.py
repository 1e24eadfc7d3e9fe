"""Volume-scan quality: beam coverage per range gate, sweep by sweep."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class VolumeScan:
    def __init__(self, mesh, elevations=(0.5, 1.5, 2.4), min_dbz=-10.0):
        self.az_axis, self.gate_axis = mesh.axis_names
        self.mesh = mesh
        self.elevations = elevations
        self.min_dbz = min_dbz

    def _sweep_coverage(self, dbz):
        echo = (dbz > self.min_dbz).astype(jnp.float32)
        return jax.lax.pmax(echo.max(axis=0), self.az_axis)

    def _stack_coverage(self, per_sweep):
        return jax.lax.all_gather(per_sweep, self.az_axis, tiled=True, to="reduced")

    def coverage(self, volume):
        rows = []
        for k, _ in enumerate(self.elevations):
            rows.append(self._stack_coverage(self._sweep_coverage(volume[k])))
        return jnp.stack(rows)

    def __call__(self, volume):
        az, gate = self.az_axis, self.gate_axis
        return jax.shard_map(self.coverage, mesh=self.mesh, in_specs=P(None, az, gate),
                             out_specs=P(None, gate, reduced={az}))(volume)


def inputs():
    rng = np.random.default_rng(40)
    return (rng.normal(5.0, 15.0, size=(3, 16, 32)).astype(np.float32),)


def main(volume):
    mesh = jax.make_mesh((4, 2), ("azimuth", "gate"))
    volume = jax.device_put(volume, NamedSharding(mesh, P(None, "azimuth", "gate")))
    return VolumeScan(mesh)(volume)


if __name__ == "__main__":
    main(*inputs())
