"""Cost of transport for a quadruped fleet: mechanical power summed over robots and legs."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--fleet-axes", default="robot,leg")
    p.add_argument("--mass", type=float, default=12.5)
    p.add_argument("--speed", type=float, default=0.8)
    return p.parse_args(argv)


def joint_power(tau, qd):
    return jnp.abs(tau * qd).sum(axis=-1)


def make_cot(args):
    robot_axis, leg_axis = args.fleet_axes.split(",")

    def cot(tau, qd):
        per_leg = joint_power(tau, qd).mean()
        per_robot = jax.lax.psum(per_leg, leg_axis)
        fleet = jax.lax.pmean(jax.lax.pcast(per_robot, leg_axis, to="varying"), (robot_axis, leg_axis))
        return fleet / (args.mass * 9.81 * args.speed)

    return cot


def inputs():
    mesh = jax.make_mesh((4, 2), ("robot", "leg"))
    tau = jnp.linspace(-5, 5, 8 * 6, dtype=jnp.float32).reshape(8, 6)
    qd = jnp.linspace(2, -2, 8 * 6, dtype=jnp.float32).reshape(8, 6)
    s = NamedSharding(mesh, P("robot", "leg"))
    return mesh, jax.device_put(tau, s), jax.device_put(qd, s)


def main(mesh, tau, qd):
    args = parse_args([])
    spec = P(*args.fleet_axes.split(","))
    return jax.shard_map(make_cot(args), mesh=mesh, in_specs=(spec, spec), out_specs=P())(tau, qd)
