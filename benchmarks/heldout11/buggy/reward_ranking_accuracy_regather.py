"""Reward-model evaluation: scores of every pair collected for a ranking accuracy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_AXES = ("data", "model")


def evaluate(chosen, rejected):
    rewards = jnp.stack([chosen.sum(-1), rejected.sum(-1)], axis=-1)
    rewards = jax.lax.all_gather(rewards, "model", axis=0, tiled=True, to="reduced")
    all_rewards = jax.lax.all_gather(rewards, EVAL_AXES, axis=0, tiled=True, to="reduced")
    return {"rewards": all_rewards}


def inputs():
    r = np.random.RandomState(31)
    return r.randn(16, 8).astype(np.float32), r.randn(16, 8).astype(np.float32)


def main(chosen, rejected):
    mesh = jax.make_mesh((2, 4), EVAL_AXES)
    spec = P(EVAL_AXES, None)
    chosen, rejected = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (chosen, rejected))
    return jax.shard_map(evaluate, mesh=mesh, in_specs=(spec, spec),
                         out_specs={"rewards": P(None, None, reduced=set(EVAL_AXES))})(chosen, rejected)


if __name__ == "__main__":
    print(main(*inputs())["rewards"].shape)
