"""Actor step with an action head split over learners; logits are written to replay for off-policy correction."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxes(NamedTuple):
    batch: str = "actors"
    action: str = "learner"


AXES = MeshAxes()


def policy_head(features, w_action):
    logits = features @ w_action
    return jax.lax.all_gather(logits, AXES.action, axis=1, tiled=True, to="reduced")


def write_behaviour_logits(logits):
    return jax.lax.all_gather(logits, tuple(AXES), axis=0, tiled=True, to="reduced")


def actor_step(features, w_action):
    logits = policy_head(features, w_action)
    return write_behaviour_logits(logits)


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(8, 12)).astype(np.float32), rng.normal(size=(12, 8)).astype(np.float32)


def main(features, w_action):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    features = jax.device_put(features, NamedSharding(mesh, P(AXES.batch, None)))
    w_action = jax.device_put(w_action, NamedSharding(mesh, P(None, AXES.action)))
    fn = jax.shard_map(actor_step, mesh=mesh,
                       in_specs=(P(AXES.batch, None), P(None, AXES.action)),
                       out_specs=P(None, None, reduced=set(AXES)))
    return fn(features, w_action)


if __name__ == "__main__":
    print(main(*inputs()))
