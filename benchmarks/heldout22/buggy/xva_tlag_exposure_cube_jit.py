"""Exposure cube from a jitted path simulator; the XVA desk's viewer gathers the scenario dimension."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CUBE = P("paths", "trades")
RATES = P("paths", None)


def build_simulator(mesh, n_steps=6, vol=0.01):
    @jax.jit
    def simulate(shocks, notionals):
        rates = 0.02 + vol * jnp.cumsum(shocks, axis=1)
        cube = rates[:, -1:] * notionals[None, :]
        return cube, rates

    return jax.jit(simulate, out_shardings=(NamedSharding(mesh, CUBE), NamedSharding(mesh, RATES)))


def viewer(cube):
    return top_level_all_gather(cube, P(None, "trades"))


def inputs():
    rng = np.random.default_rng(107)
    return rng.normal(size=(16, 6)).astype(np.float32), rng.uniform(1.0, 5.0, size=(8,)).astype(np.float32)


def main(shocks, notionals):
    mesh = jax.make_mesh((4, 2), ("paths", "trades"))
    shocks = jax.device_put(shocks, NamedSharding(mesh, RATES))
    notionals = jax.device_put(notionals, NamedSharding(mesh, P("trades")))
    with jax.set_mesh(mesh):
        cube, rates = build_simulator(mesh)(shocks, notionals)
        return viewer(cube)


if __name__ == "__main__":
    print(main(*inputs()))
