"""Field-energy monitor of a 2-D TM-mode FDTD solver on a block-decomposed Yee grid."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS0 = 8.854e-12
MU0 = 4e-7 * np.pi


@dataclasses.dataclass(frozen=True)
class Decomposition:
    x_axis: str = "px"
    y_axis: str = "py"
    shape: tuple = (2, 4)

    def mesh(self):
        return jax.make_mesh(self.shape, (self.x_axis, self.y_axis))

    @property
    def field_spec(self):
        return P(self.x_axis, self.y_axis)


class Monitor:
    name = "base"

    def __init__(self, decomp):
        self.decomp = decomp

    def local(self, ez, hx, hy):
        raise NotImplementedError

    def _publish(self, column):
        return jax.lax.all_gather(column, self.decomp.x_axis, to="invarying")

    def __call__(self, ez, hx, hy):
        column = jax.lax.psum(self.local(ez, hx, hy), self.decomp.x_axis)
        return self._publish(column)


class EnergyMonitor(Monitor):
    name = "energy"

    def local(self, ez, hx, hy):
        electric = EPS0 * jnp.sum(ez * ez)
        magnetic = MU0 * jnp.sum(hx * hx + hy * hy)
        return 0.5 * (electric + magnetic)


def inputs():
    rng = np.random.default_rng(3)
    ez = rng.normal(size=(16, 32)).astype(np.float32)
    hx = rng.normal(size=(16, 32)).astype(np.float32) * 1e-3
    hy = rng.normal(size=(16, 32)).astype(np.float32) * 1e-3
    return ez, hx, hy


def main(ez, hx, hy):
    decomp = Decomposition()
    mesh = decomp.mesh()
    fields = [jax.device_put(f, NamedSharding(mesh, decomp.field_spec)) for f in (ez, hx, hy)]
    monitor = EnergyMonitor(decomp)
    run = jax.shard_map(monitor, mesh=mesh, in_specs=(decomp.field_spec,) * 3,
                        out_specs=P(decomp.y_axis))
    return jax.jit(run)(*fields)


if __name__ == "__main__":
    main(*inputs())
