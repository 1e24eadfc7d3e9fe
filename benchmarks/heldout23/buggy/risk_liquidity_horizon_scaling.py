import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENARIO, DESK = "scenario", "desk"
# FRTB-style liquidity horizons (days) of the eight desks, in mesh order
LIQUIDITY_HORIZON = np.array([10, 10, 20, 20, 40, 40, 60, 120], np.float32)


def one_day_var(pnl, q=0.99):
    local = jnp.quantile(-pnl, q, axis=0)
    return jax.lax.pmax(local, SCENARIO)


def scale_to_horizon(var_1d, horizon):
    return var_1d * np.sqrt(horizon)


def capital_body(pnl):
    desk_var = jax.lax.all_gather(one_day_var(pnl), DESK, to="reduced", tiled=True)
    scaled = scale_to_horizon(desk_var, LIQUIDITY_HORIZON)
    return jax.lax.pmax(jnp.max(scaled), (SCENARIO, DESK))


def inputs():
    rng = np.random.default_rng(23)
    return (rng.normal(size=(256, 8)).astype(np.float32),)


def main(pnl):
    mesh = jax.make_mesh((4, 2), (SCENARIO, DESK))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(SCENARIO, DESK)))
    return jax.shard_map(capital_body, mesh=mesh, in_specs=P(SCENARIO, DESK), out_specs=P())(pnl)


if __name__ == "__main__":
    print("capital", main(*inputs()))
