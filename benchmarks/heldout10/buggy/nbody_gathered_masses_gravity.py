"""Direct-sum gravity: each device holds a block of particles and needs every particle's
mass; the gravitational parameters are formed from the gathered masses."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

G_CONST = 6.674e-3
SOFTENING = 0.05


def inputs():
    rng = np.random.default_rng(35)
    pos = rng.normal(size=(32, 3)).astype(np.float32)
    mass = rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32)
    return pos, mass


def accelerations(pos, mass, all_pos):
    all_mass = jax.lax.all_gather(mass, "bodies", tiled=True, to="reduced")
    mu = G_CONST * all_mass
    d = all_pos[None, :, :] - pos[:, None, :]
    inv_r3 = (jnp.sum(d ** 2, -1) + SOFTENING ** 2) ** -1.5
    return jnp.einsum("ij,ijk->ik", inv_r3 * mu[None, :], d)


def main(pos, mass):
    mesh = jax.make_mesh((8,), ("bodies",))
    pos = jax.device_put(pos, NamedSharding(mesh, P("bodies", None)))
    mass = jax.device_put(mass, NamedSharding(mesh, P("bodies")))

    def step(pos, mass):
        all_pos = jax.lax.all_gather(pos, "bodies", tiled=True)
        return accelerations(pos, mass, all_pos)

    return jax.shard_map(step, mesh=mesh, in_specs=(P("bodies", None), P("bodies")),
                         out_specs=P("bodies", None))(pos, mass)
