"""Action-chunking policies behind a Protocol; the chunk predictor gathers its horizon then the batch."""
from typing import Protocol

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Policy(Protocol):
    def act(self, obs: jax.Array) -> jax.Array: ...


class ChunkPolicy:
    def __init__(self, w, env_axis, horizon_axis):
        self.w = w
        self.env_axis = env_axis
        self.horizon_axis = horizon_axis

    def act(self, obs):
        steps = jnp.tanh(obs @ self.w)
        chunk = jax.lax.all_gather(steps, self.horizon_axis, axis=1, to="reduced", tiled=True)
        return jax.lax.all_gather(chunk, (self.env_axis, self.horizon_axis), to="reduced", tiled=True)


POLICIES = {"act": ChunkPolicy}


def rollout(policy: Policy, obs):
    return policy.act(obs)


def inputs():
    rng = np.random.default_rng(29)
    return (rng.normal(size=(8, 16, 10)).astype(np.float32),
            rng.normal(size=(10, 7)).astype(np.float32) * 0.3)


def main(obs, w):
    mesh = jax.make_mesh((2, 4), ("env", "horizon"))
    obs = jax.device_put(obs, NamedSharding(mesh, P("env", "horizon", None)))
    policy = POLICIES["act"](jnp.asarray(w), "env", "horizon")
    return jax.shard_map(lambda o: rollout(policy, o), mesh=mesh, in_specs=P("env", "horizon", None),
                         out_specs=P(reduced={"env", "horizon"}))(obs)


if __name__ == "__main__":
    print(main(*inputs()))
