"""Sampling MPC: trajectories collected by one helper for the planner and for the logger."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def collect(traj, axes, dim):
    return jax.lax.all_gather(traj, axes, axis=dim, tiled=True, to="reduced")


def simulate(x0, u):
    return x0[:, None, None] + jnp.cumsum(u, axis=-1) * 0.1


def plan_body(x0, u):
    traj = simulate(x0, u)
    per_robot = collect(traj, ("sample",), 1)
    for_logging = collect(per_robot, ("robot", "sample"), 0)
    return for_logging


def main(x0, u):
    mesh = jax.make_mesh((4, 2), ("robot", "sample"))
    x0 = jax.device_put(x0, NamedSharding(mesh, P("robot")))
    u = jax.device_put(u, NamedSharding(mesh, P("robot", "sample")))
    fn = jax.shard_map(plan_body, mesh=mesh, in_specs=(P("robot"), P("robot", "sample")),
                       out_specs=P(None, None, None, reduced={"robot", "sample"}))
    return fn(x0, u)


def inputs():
    rng = np.random.default_rng(21)
    return (rng.standard_normal((8,), dtype=np.float32),
            rng.standard_normal((8, 16, 5), dtype=np.float32))
