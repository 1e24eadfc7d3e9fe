"""Locational marginal prices and the system lambda (cheapest marginal price) per scenario."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCEN, BUS = "scen", "bus"


def _cheapest(prices, axis):
    return jax.lax.pmin(prices, axis)


def system_lambda(prices, axis=BUS):
    return jnp.min(_cheapest(prices, axis), axis=1)


def lmps(energy_price, congestion, ptdf):
    lmp_local = energy_price[:, None] - congestion @ ptdf
    table = jax.lax.all_gather(lmp_local, BUS, axis=1, tiled=True, to="reduced")
    return table, system_lambda(table)


def inputs():
    rng = np.random.default_rng(139)
    energy = (30 + 5 * rng.random(8)).astype(np.float32)
    congestion = rng.random((8, 6)).astype(np.float32)
    ptdf = (0.2 * rng.standard_normal((6, 16))).astype(np.float32)
    return energy, congestion, ptdf


def main(energy_price, congestion, ptdf):
    mesh = jax.make_mesh((2, 4), (SCEN, BUS))
    specs = (P(SCEN), P(SCEN, None), P(None, BUS))
    energy_price, congestion, ptdf = (jax.device_put(a, NamedSharding(mesh, s))
                                      for a, s in zip((energy_price, congestion, ptdf), specs))
    fn = jax.shard_map(lmps, mesh=mesh, in_specs=specs,
                       out_specs=(P(SCEN, None, reduced={BUS}), P(SCEN)))
    return fn(energy_price, congestion, ptdf)


if __name__ == "__main__":
    print(main(*inputs()))
