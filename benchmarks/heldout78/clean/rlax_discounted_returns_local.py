"""RLax-style discounted returns over trajectories whose time steps are split over devices."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = (4, 2)
DATA, MODEL = "dp", "mp"


def trajectory(rewards, time_axis):
    return jax.lax.all_gather(rewards, time_axis, axis=1, tiled=True, to="reduced")


def discounted_returns(rewards, discount, time_axis):
    offset = jax.lax.axis_index(time_axis) * rewards.shape[1]
    discounts = discount ** (offset + jnp.arange(rewards.shape[1])).astype(rewards.dtype)
    return jnp.sum(trajectory(rewards * discounts, time_axis), axis=1)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(rewards):
    mesh = jax.make_mesh(MESH_SHAPE, (DATA, MODEL))
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(DATA, MODEL)))
    fn = functools.partial(discounted_returns, discount=0.99, time_axis=MODEL)
    return float(jax.shard_map(fn, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, reduced={MODEL}))(rewards).sum())


if __name__ == "__main__":
    print(main(*inputs()))
