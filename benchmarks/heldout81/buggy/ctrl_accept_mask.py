import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _misc.py ----------------------------------------------------------------
PATH_AXIS = "paths"
DIM_AXIS = "dims"


def device_mesh():
    return jax.make_mesh((2, 4), (PATH_AXIS, DIM_AXIS))


# ---- _step_size_controller/base.py -------------------------------------------
class AbstractStepSizeController:
    axis = DIM_AXIS

    def gather_errors(self, err):
        return jax.lax.all_gather(err, self.axis, axis=1, to="reduced", tiled=True)


class ConstantStepSize(AbstractStepSizeController):
    tol = 1e-2

    def accept(self, err):
        errors = self.gather_errors(jnp.abs(err))
        return errors < self.tol


def inputs():
    return (np.full((8, 8), 1e-3, np.float32),)


def main(err):
    mesh = device_mesh()
    controller = ConstantStepSize()
    f = jax.shard_map(controller.accept, mesh=mesh, in_specs=P(PATH_AXIS, DIM_AXIS),
                      out_specs=P(PATH_AXIS, None, reduced={DIM_AXIS}))
    e = jax.device_put(jnp.asarray(err), NamedSharding(mesh, P(PATH_AXIS, DIM_AXIS)))
    print(jax.jit(f)(e).shape)


if __name__ == "__main__":
    main(*inputs())
