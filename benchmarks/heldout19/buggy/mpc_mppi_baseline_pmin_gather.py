"""MPPI controller for a batch of robots: rollout samples split over 'sample'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HORIZON = 10
DT = 0.05


def rollout_cost(state, controls):
    def step(s, u):
        pos, vel = s[..., 0], s[..., 1]
        vel = vel + DT * u
        pos = pos + DT * vel
        return jnp.stack([pos, vel], -1), pos ** 2 + 0.01 * u ** 2
    _, costs = jax.lax.scan(step, state, controls.transpose(2, 0, 1))
    return costs.sum(0)


def mppi_weights(state, controls, temperature=1.0):
    start = jnp.zeros_like(controls[..., :2]) + state[:, None, :]
    costs = rollout_cost(start, controls)
    baseline = jax.lax.pmin(costs.min(axis=1), "sample")
    baselines = jax.lax.all_gather(baseline[:, None], "sample", axis=1, tiled=True, to="reduced")
    return jnp.exp(-(costs - baselines[:, :1]) / temperature)


def main(state, controls):
    mesh = jax.make_mesh((2, 4), ("robot", "sample"))
    state = jax.device_put(state, NamedSharding(mesh, P("robot")))
    controls = jax.device_put(controls, NamedSharding(mesh, P("robot", "sample")))
    fn = jax.shard_map(mppi_weights, mesh=mesh, in_specs=(P("robot"), P("robot", "sample")),
                       out_specs=P("robot", "sample"))
    return fn(state, controls)


def inputs():
    rng = np.random.default_rng(20)
    return (rng.standard_normal((4, 2), dtype=np.float32),
            rng.standard_normal((4, 32, HORIZON), dtype=np.float32))
