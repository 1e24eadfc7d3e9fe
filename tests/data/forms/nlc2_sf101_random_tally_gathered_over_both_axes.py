"""The summed tally is gathered to reduced over both axes: it still varies on the group axis (its
state there comes from draws the run does not model), so JAX accepts the gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HIST, GROUP = "hist", "group"
MESH = None
N_HIST = 0
DECK = "N_HIST 64"


def init_mesh(deck):
    global MESH, N_HIST
    N_HIST = int(deck.split()[1])
    MESH = jax.make_mesh((4, 2), (HIST, GROUP))


def tally(keys, sigma):
    k1, k2 = jax.random.split(keys[0])
    depth = jax.random.uniform(k1, (16, 1)) * 10.0
    flight = -jnp.log(jax.random.uniform(k2, (16, sigma.shape[0]))) / sigma[None, :]
    return jnp.sum((depth < flight).astype(jnp.float32), axis=0)


def flux(keys, sigma):
    phi = jax.lax.psum(tally(keys, sigma), HIST) / N_HIST
    return jax.lax.all_gather(phi, (HIST, GROUP), to="reduced")


def main():
    init_mesh(DECK)
    mesh = MESH
    keys = jax.device_put(jax.random.split(jax.random.key(0), 4), NamedSharding(mesh, P(HIST)))
    sigma = jax.device_put(np.array([0.3, 0.6, 1.1, 2.0], np.float32), NamedSharding(mesh, P(GROUP)))
    f = jax.shard_map(flux, mesh=mesh, in_specs=(P(HIST), P(GROUP)), out_specs=P(None, None, reduced={HIST, GROUP}))
    return jax.jit(f)(keys, sigma)


if __name__ == "__main__":
    main()
