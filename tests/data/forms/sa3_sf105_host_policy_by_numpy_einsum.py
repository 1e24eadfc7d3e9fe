"""An epsilon-greedy actor scores its actions on the host with `np.einsum("bh,hau->bau", h, w)`
(NumPy's einsum has jnp's shape rule: explicit output letters, a size-1 dimension broadcasts),
takes `np.argmax(q, axis=1)` and draws `rng.random(len(greedy)) < eps`: the actions are as many
as the envs, their rank builds the spec, and the learner step is followed: its loss is reduced
over both axes while it varies on one only."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

SUPPORT = np.linspace(-1.0, 1.0, 5, dtype=np.float32)


def act(obs, w1, w2, rng, epsilon):
    logits = np.einsum("bh,hau->bau", np.maximum(obs @ w1, 0), w2)
    greedy = np.argmax(logits @ SUPPORT, axis=1)
    explore = rng.random(len(greedy)) < epsilon
    return np.where(explore, rng.integers(0, 3, size=len(greedy)), greedy).astype(np.float32)


def loss(actions, axes):
    return jax.lax.psum(jnp.mean(actions), axes)  # SF105


def inputs():
    return (("data", "model"),)


def main(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(0)
    obs = rng.normal(size=(8, 4)).astype(np.float32)
    w1, w2 = rng.normal(size=(4, 6)).astype(np.float32), rng.normal(size=(6, 3, 5)).astype(np.float32)
    actions = act(obs, w1, w2, rng, 0.3)
    spec = P(axes[0], *([None] * (actions.ndim - 1)))
    step = jax.shard_map(lambda a: loss(a, axes), mesh=mesh, in_specs=spec, out_specs=P())
    return step(jax.device_put(actions, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
