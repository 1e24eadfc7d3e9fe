import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
ENSEMBLE_AXIS = "ensemble"
STATE_AXIS = "state"


def device_mesh():
    return jax.make_mesh((2, 4), (ENSEMBLE_AXIS, STATE_AXIS))


# ---- _solver/heun.py ---------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class HeunErrorEstimate:
    norm_axis: str = ENSEMBLE_AXIS

    def _rms(self, err):
        sq = jax.lax.psum(jnp.square(err), self.norm_axis)
        sq = jax.lax.pcast(sq, self.norm_axis, to="varying")
        return jax.lax.all_gather(sq, self.norm_axis, to="reduced", tiled=True)

    def step(self, y0, dt):
        f0 = -y0
        y_euler = y0 + dt * f0
        y1 = y0 + 0.5 * dt * (f0 - y_euler)
        return y1, self._rms(y1 - y_euler)


def inputs():
    return (np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(8, 8), 0.1)


def main(y0, dt):
    mesh = device_mesh()
    spec = P(ENSEMBLE_AXIS, STATE_AXIS)
    step = jax.shard_map(functools.partial(HeunErrorEstimate().step, dt=dt), mesh=mesh,
                         in_specs=spec, out_specs=(spec, P(None, STATE_AXIS, reduced={ENSEMBLE_AXIS})))
    y1, err = jax.jit(step)(jax.device_put(jnp.asarray(y0), NamedSharding(mesh, spec)))
    print(y1.shape, err.shape)


if __name__ == "__main__":
    main(*inputs())
