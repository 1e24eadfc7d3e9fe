"""SPH density summation; particle state is a registered dataclass pytree."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELL, PART = "cell", "part"


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Particles:
    pos: jax.Array
    mass: jax.Array


def total_mass(p: Particles):
    return jax.lax.psum(p.mass.sum(axis=-1, keepdims=True), PART)


def density(p: Particles, h: float = 0.5):
    m_tot = total_mass(p)
    per_cell = jax.lax.all_gather(m_tot, PART, axis=1, tiled=True, to="reduced")
    r2 = jnp.sum(p.pos * p.pos, axis=-1)
    w = jnp.exp(-r2 / (h * h))
    return w * p.mass, per_cell


def inputs():
    rng = np.random.default_rng(22)
    return (rng.normal(size=(8, 16, 3)).astype(np.float32),
            np.full((8, 16), 0.01, np.float32))


def main(pos, mass):
    mesh = jax.make_mesh((2, 4), (CELL, PART))
    specs = Particles(pos=P(CELL, PART, None), mass=P(CELL, PART))
    state = Particles(
        pos=jax.device_put(pos, NamedSharding(mesh, specs.pos)),
        mass=jax.device_put(mass, NamedSharding(mesh, specs.mass)),
    )
    return jax.shard_map(density, mesh=mesh, in_specs=(specs,),
                         out_specs=(P(CELL, PART), P(CELL, None, reduced={PART})))(state)


if __name__ == "__main__":
    rho, per_cell = main(*inputs())
    print(rho.shape, per_cell.shape)
