"""Smoothing kernels of an SPH code: a small class hierarchy with a smoothing length."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PART = "part"


class Kernel:
    def __init__(self, h):
        self.h = h

    def __call__(self, r):
        raise NotImplementedError


class CubicSpline(Kernel):
    def __call__(self, r):
        q = r / self.h
        sigma = 10.0 / (7.0 * jnp.pi * self.h ** 2)
        inner = 1 - 1.5 * q ** 2 + 0.75 * q ** 3
        outer = 0.25 * (2 - q) ** 3
        return sigma * jnp.where(q < 1, inner, jnp.where(q < 2, outer, 0.0))


def smoothed_density(pos, mass, kernel):
    others = jax.lax.all_gather(pos, PART, tiled=True, to="reduced")
    from_centre = jnp.sqrt(jnp.sum(others * others, axis=-1))
    weights = kernel(from_centre)
    return jnp.sum(weights) * mass


def inputs():
    rng = np.random.default_rng(27)
    return (rng.uniform(size=(16, 2)).astype(np.float32), np.full((16,), 0.1, np.float32))


def main(pos, mass):
    mesh = jax.make_mesh((4, 2), (PART, "cell"))
    pos = jax.device_put(pos, NamedSharding(mesh, P(PART, None)))
    mass = jax.device_put(mass, NamedSharding(mesh, P(PART)))
    kernel = CubicSpline(h=0.3)
    return jax.shard_map(lambda p, m: smoothed_density(p, m, kernel), mesh=mesh,
                         in_specs=(P(PART, None), P(PART)), out_specs=P(PART))(pos, mass)


if __name__ == "__main__":
    print(main(*inputs()))
