"""Stressed expected shortfall: the scenario strip is gathered once, then the desk ladder."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCEN, DESK = "scen", "desk"

COMMS = {
    "scenario_strip": functools.partial(jax.lax.all_gather, axis_name=SCEN, axis=0, tiled=True, to="reduced"),
    "desk_ladder": functools.partial(jax.lax.all_gather, axis_name=(DESK, SCEN), axis=0, tiled=True, to="reduced"),
}


def stressed_ladder(pnl, stress_weights):
    stressed = pnl * stress_weights[:, None]
    strip = COMMS["scenario_strip"](stressed)
    return COMMS["desk_ladder"](strip)


def inputs():
    rng = np.random.default_rng(2602)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.uniform(1.0, 1.5, (16,)).astype(np.float32))


def main(pnl, stress_weights):
    mesh = jax.make_mesh((2, 4), (SCEN, DESK))
    pnl = jax.device_put(pnl, NamedSharding(mesh, P(SCEN, DESK)))
    stress_weights = jax.device_put(stress_weights, NamedSharding(mesh, P(SCEN)))
    fn = jax.shard_map(stressed_ladder, mesh=mesh, in_specs=(P(SCEN, DESK), P(SCEN)),
                       out_specs=P(None, None, reduced={SCEN, DESK}))
    return fn(pnl, stress_weights)


if __name__ == "__main__":
    print(main(*inputs()))
