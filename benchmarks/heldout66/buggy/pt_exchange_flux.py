"""Round-trip flux f(T) = n_up / (n_up + n_down) across a parallel-tempering ladder."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_TEMPS = 8
N_WALKERS = 16
LADDER_AXES = ("temp", "chain")

average = functools.partial(jax.lax.pmean, axis_name=LADDER_AXES)


def direction_counts(labels, chain_axis):
    up = jnp.sum(labels > 0, axis=1).astype(jnp.float32)
    down = jnp.sum(labels < 0, axis=1).astype(jnp.float32)
    return jax.lax.psum(up, chain_axis), jax.lax.psum(down, chain_axis)


def flux(labels):
    n_up, n_down = direction_counts(labels, LADDER_AXES[1])
    f = n_up / jnp.maximum(n_up + n_down, 1.0)
    return average(f.mean())


def inputs():
    rng = np.random.default_rng(139)
    return (rng.choice(np.array([-1, 0, 1], np.int32), size=(N_TEMPS, N_WALKERS)),)


def main(labels):
    mesh = jax.make_mesh((2, 4), LADDER_AXES)
    labels = jax.device_put(labels, NamedSharding(mesh, P(*LADDER_AXES)))
    return jax.shard_map(flux, mesh=mesh, in_specs=P(*LADDER_AXES), out_specs=P())(labels)


if __name__ == "__main__":
    main(*inputs())
