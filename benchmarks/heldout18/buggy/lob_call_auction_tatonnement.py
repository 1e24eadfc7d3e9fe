"""Call auction: a clearing price found by tatonnement; agent demand curves split over 'agent'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AGENTS = "agent"
mesh = jax.make_mesh((8,), (AGENTS,))


def excess_demand(price, valuations, supply):
    demand = jnp.tanh(valuations - price)
    book = jax.lax.all_gather(demand, AGENTS, tiled=True, to="reduced")
    return jax.lax.psum(jnp.sum(book), AGENTS) - supply


def clear(valuations, supply, n_rounds=10, eta=0.05):
    def round_(i, price):
        return price + eta * excess_demand(price, valuations, supply)

    return jax.lax.fori_loop(0, n_rounds, round_, jnp.float32(100.0))


def inputs():
    v = 100.0 + jnp.sin(jnp.arange(64, dtype=jnp.float32))
    return (jax.device_put(v, NamedSharding(mesh, P(AGENTS))), jnp.float32(3.0))


def main(valuations, supply):
    return jax.shard_map(clear, mesh=mesh, in_specs=(P(AGENTS), P()), out_specs=P())(valuations, supply)
