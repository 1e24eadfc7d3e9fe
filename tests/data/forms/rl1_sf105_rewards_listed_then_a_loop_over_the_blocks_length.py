"""Rewards are collected as Python floats the run does not know (`float(np.cos(...))`), made into
an array with `np.asarray(rewards, np.float32)` and stacked per step; the body loops over its
block's time steps (`range(rew.shape[0])`), so the run needs the length of an array made from a
list: its number of items."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE_AXES = ["seq", "latent"]


def step_rewards(rng, n):
    return np.asarray([float(np.cos(rng.uniform())) for _ in range(n)], np.float32)


def discounted(rew, gamma):
    out, nxt = [], jnp.zeros_like(rew[0])
    for t in reversed(range(rew.shape[0])):
        nxt = rew[t] + gamma * nxt
        out.append(nxt)
    return jnp.stack(out[::-1])


def main():
    mesh = jax.make_mesh((4, 2), ("seq", "latent"))
    rng = np.random.default_rng(0)
    rewards = [step_rewards(rng, 8) for _ in range(5)]

    def body(r):
        ret = discounted(r, 0.99)
        return jax.lax.pmean(jnp.mean(ret), axis_name=tuple(SCALE_AXES))  # SF105

    with jax.set_mesh(mesh):
        r = jax.device_put(np.stack(rewards), NamedSharding(mesh, P(None, "seq")))
        return jax.shard_map(body, mesh=mesh, in_specs=(P(None, "seq"),), out_specs=P())(r)


if __name__ == "__main__":
    main()
