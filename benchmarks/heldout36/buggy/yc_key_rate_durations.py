"""Fixed income: key-rate duration grid for all bonds and key tenors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KEY_RATES = "key_rates"
BONDS = "bonds"


def bump_and_reprice(cashflows, times, bp=1e-4):
    base = (cashflows * jnp.exp(-0.04 * times)).sum(axis=1, keepdims=True)
    bumped = (cashflows * jnp.exp(-(0.04 + bp) * times)).sum(axis=1, keepdims=True)
    return (base - bumped) / (base * bp)


def krd_grid(cashflows, times):
    krd = bump_and_reprice(cashflows, times)
    stage = [(KEY_RATES,), (KEY_RATES, BONDS)]
    for axes in stage:
        krd = jax.lax.all_gather(krd, axes, axis=1, tiled=True, to="reduced")
    return krd


def inputs():
    t = np.tile(np.arange(1, 9, dtype=np.float32), (16, 1))
    return np.full((16, 8), 5.0, np.float32), t


def main(cashflows, times):
    mesh = jax.make_mesh((4, 2), (BONDS, KEY_RATES))
    spec = P(BONDS, KEY_RATES)
    cashflows, times = jax.device_put((cashflows, times), NamedSharding(mesh, spec))
    fn = jax.shard_map(krd_grid, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={BONDS, KEY_RATES}))
    return fn(cashflows, times)


if __name__ == "__main__":
    print(main(*inputs()))
