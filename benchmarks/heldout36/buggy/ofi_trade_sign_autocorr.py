"""Order-flow features: lag-1 autocorrelation of trade signs, pooled over the desk mesh."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYMBOL_AXIS = os.environ.get("OFI_SYMBOL_AXIS", "symbols")
TIME_AXIS = os.environ.get("OFI_TIME_AXIS", "ticks")
POOL_AXES = (SYMBOL_AXIS, TIME_AXIS)


def autocorr(signs):
    lagged = signs[:, 1:] * signs[:, :-1]
    per_symbol = jax.lax.psum(lagged.mean(axis=1), TIME_AXIS)
    return jax.lax.pmean(per_symbol.mean(), POOL_AXES)


def inputs():
    rng = np.random.default_rng(15)
    return (np.sign(rng.normal(size=(8, 64))).astype(np.float32),)


def main(signs):
    mesh = jax.make_mesh((2, 4), POOL_AXES)
    signs = jax.device_put(signs, NamedSharding(mesh, P(*POOL_AXES)))
    fn = jax.shard_map(autocorr, mesh=mesh, in_specs=P(*POOL_AXES), out_specs=P())
    return fn(signs)


if __name__ == "__main__":
    print(main(*inputs()))
