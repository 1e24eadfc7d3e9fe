"""RVQ codec: EMA codebook update on the gathered codebook (SoundStream-style)."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EMAState(NamedTuple):
    codebook: jax.Array
    decay: float = 0.99


def inputs():
    cb = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    z = np.cos(np.arange(64, dtype=np.float32)).reshape(8, 8)
    return cb, z


def ema_step(state, z):
    cb_full = jax.lax.all_gather(state.codebook, "code", axis=0, tiled=True, to="reduced")
    assign = jax.nn.one_hot(jnp.argmax(z @ cb_full.T, axis=-1), cb_full.shape[0])
    new = assign.T @ z
    updated = state.decay * cb_full + (1.0 - state.decay) * new
    return updated


def main(cb, z):
    mesh = jax.make_mesh((4, 2), ("code", "data"))
    cb = jax.device_put(cb, NamedSharding(mesh, P("code", None)))
    z = jax.device_put(z, NamedSharding(mesh, P()))
    f = jax.shard_map(lambda c, x: ema_step(EMAState(c), x), mesh=mesh,
                      in_specs=(P("code", None), P()), out_specs=P())
    return f(cb, z)


if __name__ == "__main__":
    print(main(*inputs()))
