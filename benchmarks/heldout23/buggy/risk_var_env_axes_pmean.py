"""Historical-simulation VaR with the firm-wide average loss, axes configurable per cluster."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCENARIO_AXIS, DESK_AXIS = os.environ.get("RISK_MESH_AXES", "scenario,desk").split(",")
CONFIDENCE = 0.99


def var_body(pnl):
    losses = -pnl
    desk_var = jax.lax.pmax(jnp.quantile(losses, CONFIDENCE, axis=0), SCENARIO_AXIS)
    firm_loss = jax.lax.psum(losses.mean(axis=0).sum(), DESK_AXIS)
    avg_loss = jax.lax.pmean(firm_loss, (SCENARIO_AXIS, DESK_AXIS))
    return desk_var, avg_loss


def inputs():
    rng = np.random.default_rng(17)
    return (rng.standard_t(4, size=(128, 8)).astype(np.float32),)


def main(pnl):
    mesh = jax.make_mesh((4, 2), (SCENARIO_AXIS, DESK_AXIS))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(SCENARIO_AXIS, DESK_AXIS)))
    run = jax.shard_map(var_body, mesh=mesh, in_specs=P(SCENARIO_AXIS, DESK_AXIS),
                        out_specs=(P(DESK_AXIS), P()))
    return run(pnl)


if __name__ == "__main__":
    print(main(*inputs()))
