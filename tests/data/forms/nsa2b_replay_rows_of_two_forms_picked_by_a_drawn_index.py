"""As sa2, but the buffer holds records of two forms (a flat and a stacked observation): which
one a drawn index picks decides the spec, and the analysis does not know the draw, so it must not
be certain. Seed 3 picks a stacked record here, sharded over both axes (JAX accepts the psum)."""
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Transition(NamedTuple):
    obs: np.ndarray
    reward: np.ndarray


def loss(obs, axes):
    return jax.lax.psum(jnp.mean(obs ** 2), axes)  # none


def inputs():
    return (("data", "model"),)


def main(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(3)
    items = [Transition(np.ones(8, np.float32), np.float32(0.0)),
             Transition(np.ones((8, 4), np.float32), np.float32(1.0))]
    picked = items[rng.integers(0, len(items))]
    spec = P(axes) if picked.obs.ndim == 2 else P(axes[0])
    obs = jax.device_put(picked.obs, NamedSharding(mesh, spec))
    step = jax.shard_map(lambda o: loss(o, axes), mesh=mesh, in_specs=spec, out_specs=P())
    return step(obs)


if __name__ == "__main__":
    main(*inputs())
