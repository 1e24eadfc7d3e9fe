"""Unit-commitment dispatch solved under jit; results gathered to the market-clearing layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER_SPECS = (P(("scen", "gen"), None), P(("scen", "gen")))
CLEARING_SPEC = P("gen", None)


def make_solver(mesh):
    shardings = tuple(NamedSharding(mesh, s) for s in SOLVER_SPECS)

    @jax.jit
    def solve(cost, pmax):
        dispatch = jnp.clip(1.0 / cost, 0.0, 1.0) * pmax[:, None]
        return dispatch, jnp.sum(dispatch * cost, axis=1)

    return jax.jit(solve, out_shardings=shardings)


def inputs():
    rng = np.random.default_rng(149)
    return (1 + rng.random((16, 24))).astype(np.float32), (50 + 50 * rng.random(16)).astype(np.float32)


def main(cost, pmax):
    mesh = jax.make_mesh((2, 4), ("scen", "gen"))
    cost = jax.device_put(cost, NamedSharding(mesh, SOLVER_SPECS[0]))
    pmax = jax.device_put(pmax, NamedSharding(mesh, SOLVER_SPECS[1]))
    with jax.set_mesh(mesh):
        dispatch, total_cost = make_solver(mesh)(cost, pmax)
        cleared = top_level_all_gather(dispatch, CLEARING_SPEC)
    return cleared, total_cost


if __name__ == "__main__":
    print(main(*inputs()))
