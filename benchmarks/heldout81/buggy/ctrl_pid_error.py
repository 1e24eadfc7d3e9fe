import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
DEFAULT_AXES = ("paths", "dims")


def device_mesh(axes=DEFAULT_AXES):
    return jax.make_mesh((2, 4), axes)


# ---- _step_size_controller/pid.py --------------------------------------------
@dataclasses.dataclass(frozen=True)
class PIDController:
    rtol: float
    atol: float
    pcoeff: float = 0.0
    icoeff: float = 1.0
    norm_axes: tuple = DEFAULT_AXES

    def scaled_error(self, y0, y1, y_error):
        scale = self.atol + self.rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
        return y_error / scale

    def error_norm(self, y0, y1, y_error):
        ratio = self.scaled_error(y0, y1, y_error)
        path_sq = jax.lax.psum(ratio * ratio, self.norm_axes[1])
        return jax.lax.pmean(path_sq, self.norm_axes)

    def adapt_step_size(self, y0, y1, y_error, dt):
        norm = self.error_norm(y0, y1, y_error)
        factor = jnp.clip(0.9 * norm ** (-self.icoeff / 5.0), 0.2, 10.0)
        return dt * factor


def inputs():
    y0 = np.ones((8, 8), np.float32)
    y1 = np.full((8, 8), 1.1, np.float32)
    err = np.full((8, 8), 1e-3, np.float32)
    return (y0, y1, err)


def main(y0, y1, err):
    mesh = device_mesh()
    controller = PIDController(rtol=1e-3, atol=1e-6)
    spec = P(*DEFAULT_AXES)
    f = jax.shard_map(lambda a, b, e: controller.adapt_step_size(a, b, e, 0.1), mesh=mesh,
                      in_specs=(spec, spec, spec), out_specs=P(None, None))
    place = lambda x: jax.device_put(jnp.asarray(x), NamedSharding(mesh, spec))
    print(jax.jit(f)(place(y0), place(y1), place(err)).shape)


if __name__ == "__main__":
    main(*inputs())
