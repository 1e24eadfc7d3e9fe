"""Monte Carlo price of a strip of calls: terminal spots pooled, payoff per strike."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RATE, MATURITY = 0.02, 0.5


def price_strip(terminal, strikes, *, path_axis):
    payoff = jnp.maximum(terminal - strikes, 0.0)
    payoff = jax.lax.all_gather(payoff, path_axis, axis=0, tiled=True)
    price = jnp.exp(-RATE * MATURITY) * payoff.mean(axis=0)
    return jax.lax.pmean(price, path_axis)


def inputs():
    rng = np.random.default_rng(106)
    return rng.lognormal(0.0, 0.2, (32, 8)).astype(np.float32), np.linspace(0.9, 1.1, 8, dtype=np.float32)


def main(terminal, strikes):
    mesh = jax.make_mesh((4, 2), ("paths", "strikes"))
    terminal = jax.device_put(terminal, NamedSharding(mesh, P("paths", "strikes")))
    strikes = jax.device_put(strikes, NamedSharding(mesh, P("strikes")))
    body = functools.partial(price_strip, path_axis="paths")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("paths", "strikes"), P("strikes")), out_specs=P("strikes"))
    return fn(terminal, strikes)


if __name__ == "__main__":
    print(main(*inputs()))
