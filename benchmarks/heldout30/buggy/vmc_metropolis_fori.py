"""Metropolis sampling in a fori_loop; the step size adapts to the largest pooled acceptance."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WALKERS = "walkers"
N_STEPS = 4


def log_psi(x):
    return -0.5 * jnp.sum(x ** 2, axis=-1)


def metropolis(x, noise, u):
    def body(i, carry):
        x, width = carry
        proposal = x + width * noise[i]
        accept = jnp.log(u[i]) < 2.0 * (log_psi(proposal) - log_psi(x))
        x = jnp.where(accept[:, None], proposal, x)
        rates = jax.lax.all_gather(accept.mean(), WALKERS, to="reduced")
        best = jax.lax.pmax(rates, WALKERS)
        return x, width * (0.9 + 0.2 * jnp.max(best))

    x, width = jax.lax.fori_loop(0, N_STEPS, body, (x, jnp.float32(0.5)))
    return x


def inputs():
    rng = np.random.default_rng(127)
    return (rng.normal(size=(16, 3)).astype(np.float32),
            rng.normal(size=(N_STEPS, 16, 3)).astype(np.float32),
            rng.uniform(size=(N_STEPS, 16)).astype(np.float32))


def main(x, noise, u):
    mesh = jax.make_mesh((8,), (WALKERS,))
    x = jax.device_put(x, NamedSharding(mesh, P(WALKERS)))
    noise = jax.device_put(noise, NamedSharding(mesh, P(None, WALKERS)))
    u = jax.device_put(u, NamedSharding(mesh, P(None, WALKERS)))
    fn = jax.shard_map(metropolis, mesh=mesh, in_specs=(P(WALKERS), P(None, WALKERS), P(None, WALKERS)),
                       out_specs=P(WALKERS))
    return fn(x, noise, u)


if __name__ == "__main__":
    print(main(*inputs()))
