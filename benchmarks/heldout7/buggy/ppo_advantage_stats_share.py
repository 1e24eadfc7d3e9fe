"""PPO learner: GAE advantages normalised with statistics shared over the environment axis."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GAMMA, LAM = 0.99, 0.95
ACTOR, ENV = "actor", "env"


def gae(rewards, values, dones):
    def step(carry, xs):
        r, v, v_next, d = xs
        delta = r + GAMMA * v_next * (1.0 - d) - v
        carry = delta + GAMMA * LAM * (1.0 - d) * carry
        return carry, carry

    v_next = jnp.concatenate([values[1:], values[-1:]], axis=0)
    _, adv = jax.lax.scan(step, jnp.zeros_like(rewards[0]), (rewards, values, v_next, dones), reverse=True)
    return adv


def share(stat, axis):
    return jax.lax.all_gather(stat, axis, axis=0, tiled=True, to="reduced")


def moments(adv, axis):
    mean = jax.lax.pmean(jnp.mean(adv, axis=0), axis)
    return share(mean, axis)


def inputs():
    rng = np.random.default_rng(1)
    r = rng.normal(size=(6, 8)).astype(np.float32)
    v = rng.normal(size=(6, 8)).astype(np.float32)
    d = (rng.random(size=(6, 8)) < 0.1).astype(np.float32)
    return r, v, d


def main(rewards, values, dones):
    mesh = jax.make_mesh((2, 4), (ACTOR, ENV))
    spec = P(None, (ACTOR, ENV))
    rewards, values, dones = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (rewards, values, dones))

    def learner(r, v, d):
        adv = gae(r, v, d)
        return moments(adv, ENV)

    run = functools.partial(jax.shard_map, mesh=mesh, in_specs=(spec, spec, spec),
                            out_specs=P(ACTOR, reduced={ENV}))
    return run(learner)(rewards, values, dones)


if __name__ == "__main__":
    print(main(*inputs()))
