"""Avellaneda-Stoikov style market-making simulator: inventory skew across MC paths."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIM = {
    "mesh": {"path": 4, "mm": 2},
    "n_steps": 16,
    "gamma": 0.1,
    "sigma": 0.02,
    "k": 1.5,
    "pool_over": "path",
}


def step(carry, shock):
    mid, inv = carry
    mid = mid + SIM["sigma"] * shock
    skew = SIM["gamma"] * SIM["sigma"] ** 2 * inv
    fill = jnp.tanh(shock * SIM["k"] - skew)
    inv = inv - fill
    return (mid, inv), inv


def simulate(shocks, mid0):
    pool = SIM["pool_over"]
    inv0 = jnp.zeros_like(mid0)
    (mid, inv), path_inv = jax.lax.scan(step, (mid0, inv0), shocks)
    inv_table = jax.lax.all_gather(inv, pool, axis=0, tiled=True, to="reduced")
    return path_inv, inv_table


def inputs():
    rng = np.random.default_rng(401)
    shocks = rng.standard_normal((SIM["n_steps"], 8, 4)).astype(np.float32)
    mid0 = np.full((8, 4), 100.0, np.float32)
    return shocks, mid0


def main(shocks, mid0):
    mesh = jax.make_mesh(tuple(SIM["mesh"].values()), tuple(SIM["mesh"]))
    shocks = jax.device_put(shocks, NamedSharding(mesh, P(None, "path", "mm")))
    mid0 = jax.device_put(mid0, NamedSharding(mesh, P("path", "mm")))
    path_inv, table = jax.shard_map(simulate, mesh=mesh,
                                    in_specs=(P(None, "path", "mm"), P("path", "mm")),
                                    out_specs=(P(None, "path", "mm"), P(None, "mm", reduced={"path"})))(shocks, mid0)
    print(path_inv.shape, table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
