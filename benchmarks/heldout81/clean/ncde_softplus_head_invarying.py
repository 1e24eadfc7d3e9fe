import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _misc.py ----------------------------------------------------------------
BATCH_AXIS = "batch"
CHANNEL_AXIS = "channels"


def device_mesh():
    return jax.make_mesh((2, 4), (BATCH_AXIS, CHANNEL_AXIS))


# ---- latent_ode.py -----------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class LatentODE:
    activation: Callable = jax.nn.softplus
    batch_axis: str = BATCH_AXIS

    def encode(self, ys):
        return jax.lax.all_gather(ys, self.batch_axis, to="invarying", tiled=True)

    def __call__(self, ys):
        z = self.encode(ys)
        return self.activation(z)


def inputs():
    return (np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(8, 8),)


def main(ys):
    mesh = device_mesh()
    spec = P(BATCH_AXIS, CHANNEL_AXIS)
    f = jax.jit(jax.shard_map(LatentODE(), mesh=mesh, in_specs=spec,
                              out_specs=P(None, CHANNEL_AXIS)))
    print(f(jax.device_put(jnp.asarray(ys), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
