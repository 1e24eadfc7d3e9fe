"""PPO-style learner: advantages from all actors are normalised before the clipped surrogate."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AdvantageProcessor:
    axis = "actors"
    normalise = staticmethod(lambda a: (a - a.mean()) / (a.std() + 1e-8))

    def gae(self, rewards, values, gamma=0.99, lam=0.95):
        def step(carry, inp):
            r, v, v_next = inp
            delta = r + gamma * v_next - v
            carry = delta + gamma * lam * carry
            return carry, carry

        v_next = jnp.concatenate([values[1:], values[-1:]])
        _, adv = jax.lax.scan(step, jnp.zeros_like(rewards[0]), (rewards, values, v_next), reverse=True)
        return adv

    def __call__(self, rewards, values):
        adv = self.gae(rewards, values)
        all_adv = jax.lax.all_gather(adv, self.axis, axis=1, tiled=True, to="reduced")
        return self.normalise(all_adv)


def inputs():
    rng = np.random.default_rng(21)
    return rng.uniform(size=(5, 16)).astype(np.float32), rng.normal(size=(5, 16)).astype(np.float32)


def main(rewards, values):
    mesh = jax.make_mesh((8,), ("actors",))
    spec = P(None, "actors")
    rewards = jax.device_put(rewards, NamedSharding(mesh, spec))
    values = jax.device_put(values, NamedSharding(mesh, spec))
    fn = jax.shard_map(AdvantageProcessor(), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={"actors"}))
    return fn(rewards, values)


if __name__ == "__main__":
    print(main(*inputs()))
