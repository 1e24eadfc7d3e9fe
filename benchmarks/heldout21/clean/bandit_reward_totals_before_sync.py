"""Per-round rewards of the greedy arm and the total reward over the logged rounds."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def greedy_rewards(contexts, theta, rewards, *, axes):
    round_axis, arm_axis = axes
    scores = contexts @ theta
    local_best = jnp.max(scores, axis=1)
    best = jax.lax.pmax(local_best, arm_axis)
    picked = jnp.sum(jnp.where(scores == best[:, None], rewards, 0.0), axis=1)
    total = jax.lax.psum(jnp.sum(picked), axes)
    picked = jax.lax.psum(picked, arm_axis)
    return picked, total


def inputs():
    rng = np.random.default_rng(89)
    contexts = rng.standard_normal((16, 4)).astype(np.float32)
    theta = rng.standard_normal((4, 8)).astype(np.float32)
    rewards = rng.random((16, 8)).astype(np.float32)
    return contexts, theta, rewards


def main(contexts, theta, rewards):
    mesh = jax.make_mesh((2, 4), ("rounds", "arms"))
    specs = (P("rounds", None), P(None, "arms"), P("rounds", "arms"))
    contexts, theta, rewards = (jax.device_put(a, NamedSharding(mesh, s))
                                for a, s in zip((contexts, theta, rewards), specs))
    body = functools.partial(greedy_rewards, axes=mesh.axis_names)
    fn = jax.shard_map(body, mesh=mesh, in_specs=specs, out_specs=(P("rounds"), P()))
    return fn(contexts, theta, rewards)


if __name__ == "__main__":
    print(main(*inputs()))
