"""FIRE energy minimisation: the power F.v decides whether to keep going downhill."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FireParams(NamedTuple):
    dt_start: float = 0.1
    f_inc: float = 1.1
    f_dec: float = 0.5
    alpha_start: float = 0.1


class FireAxes(NamedTuple):
    walker: str = "walker"
    particle: str = "particle"


def fire_power(force, velocity, box_strain, axes=FireAxes()):
    atomic = jax.lax.psum(jnp.sum(force * velocity, axis=(1, 2)), axes.particle)
    cell = jax.lax.psum(jnp.sum(box_strain, axis=(1, 2)), axis_name=tuple(axes))
    return atomic + cell


def fire_step(force, velocity, box_strain, *, params):
    power = fire_power(force, velocity, box_strain)
    downhill = (power > 0)[:, None, None]
    dt = jnp.where(downhill, params.dt_start * params.f_inc, params.dt_start * params.f_dec)
    return velocity * downhill + dt * force


def inputs():
    rng = np.random.default_rng(22)
    f = rng.normal(size=(4, 16, 3)).astype(np.float32)
    v = rng.normal(size=(4, 16, 3)).astype(np.float32)
    strain = rng.normal(scale=0.01, size=(4, 3, 3)).astype(np.float32)
    return f, v, strain


def main(f, v, strain):
    axes = FireAxes()
    mesh = jax.make_mesh((2, 4), tuple(axes))
    spec = P(axes.walker, axes.particle, None)
    cell_spec = P(axes.walker, None, None)
    f, v = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (f, v))
    strain = jax.device_put(strain, NamedSharding(mesh, cell_spec))
    step = functools.partial(fire_step, params=FireParams())
    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec, cell_spec), out_specs=spec)(f, v, strain)


if __name__ == "__main__":
    main(*inputs())
