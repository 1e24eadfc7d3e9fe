import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _misc.py ----------------------------------------------------------------
BATCH_AXIS = "batch"
STATE_AXIS = "state"


def device_mesh():
    return jax.make_mesh((2, 4), (BATCH_AXIS, STATE_AXIS))


def field(*, static=False, **kwargs):
    return dataclasses.field(metadata={"static": static}, **kwargs)


# ---- _solver/implicit_euler.py -----------------------------------------------
@dataclasses.dataclass(frozen=True)
class ImplicitEuler:
    decay: float = 0.3
    gather_axis: str = field(static=True, default=BATCH_AXIS)

    def init(self, y0):
        return jax.lax.all_gather(y0, self.gather_axis, to="reduced", tiled=True)

    def step(self, state, dt):
        return state / (1.0 + dt * self.decay)


def inputs():
    return (np.ones((8, 8), np.float32), 0.2)


def main(y0, dt):
    mesh = device_mesh()
    solver = ImplicitEuler()

    def body(y):
        state = solver.init(y)
        return solver.step(state, dt)

    f = jax.shard_map(body, mesh=mesh, in_specs=P(BATCH_AXIS, STATE_AXIS),
                      out_specs=P(None, STATE_AXIS, reduced={BATCH_AXIS}))
    y = jax.device_put(jnp.asarray(y0), NamedSharding(mesh, P(BATCH_AXIS, STATE_AXIS)))
    print(jax.jit(f)(y).shape)


if __name__ == "__main__":
    main(*inputs())
