import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
DATA_AXIS = "data"
HIDDEN_AXIS = "hidden"


def device_mesh():
    return jax.make_mesh((2, 4), (DATA_AXIS, HIDDEN_AXIS))


def field(*, static=False, **kwargs):
    return dataclasses.field(metadata={"static": static}, **kwargs)


# ---- neural_ode.py -----------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class MLPVectorField:
    scale: float = 0.5

    def __call__(self, t, y):
        return jnp.tanh(self.scale * y)


@dataclasses.dataclass(frozen=True)
class NeuralODE:
    vector_field: MLPVectorField = field(default_factory=MLPVectorField)
    dt0: float = 0.1
    num_steps: int = 3
    pool_axis: str = field(static=True, default=DATA_AXIS)

    def _readout(self, y):
        pooled = jax.lax.pmean(y, self.pool_axis)
        return jax.lax.all_gather(pooled, self.pool_axis, axis=0, to="reduced", tiled=True)

    def __call__(self, y0):
        y = y0
        for i in range(self.num_steps):
            y = y + self.dt0 * self.vector_field(i * self.dt0, y)
        return self._readout(y)


def inputs():
    return (np.linspace(-2.0, 2.0, 64, dtype=np.float32).reshape(8, 8),)


def main(y0):
    mesh = device_mesh()
    model = NeuralODE()
    spec = P(DATA_AXIS, HIDDEN_AXIS)
    f = jax.jit(jax.shard_map(model, mesh=mesh, in_specs=spec,
                              out_specs=P(None, HIDDEN_AXIS, reduced={DATA_AXIS})))
    print(f(jax.device_put(jnp.asarray(y0), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
