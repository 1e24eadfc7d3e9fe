"""Band-limited stochastic forcing: amplitudes in the forced shell, shared for the power budget."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("kx", "ky")
to_reduced = functools.partial(jax.lax.all_gather, to="reduced", tiled=True)


def band_amplitudes(fhat, k_f=4):
    return jnp.abs(fhat[:k_f])


def forcing_power(fhat):
    amps = to_reduced(band_amplitudes(fhat), AXES[0])
    return to_reduced(amps, AXES, axis=1)


def main(fhat):
    mesh = jax.make_mesh((2, 4), AXES)
    fhat = jax.device_put(fhat, NamedSharding(mesh, P(*AXES)))
    f = jax.shard_map(forcing_power, mesh=mesh, in_specs=P(*AXES),
                      out_specs=P(None, None, reduced=set(AXES)))
    return jax.jit(f)(fhat)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.standard_normal((32, 32)).astype(np.float32),)
