"""Actor-learner split: weights from the jitted learner update, regathered into the actors' layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ACTOR, PARAM = "actor", "param"
LEARNER_LAYOUT = P((ACTOR, PARAM), None)
ACTOR_LAYOUT = P((PARAM, ACTOR), None)


def build_update(mesh, lr=0.1):
    sharding = NamedSharding(mesh, LEARNER_LAYOUT)

    def update(weights, grads):
        return weights - lr * grads

    return jax.jit(update, out_shardings=sharding)


class ActorPool:
    def __init__(self, n_actors):
        self.n_actors = n_actors
        self.weights = None

    def sync(self, weights):
        self.weights = top_level_all_gather(weights, ACTOR_LAYOUT)
        return self.weights


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(16, 4)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32)


def main(weights, grads):
    mesh = jax.make_mesh((2, 4), (ACTOR, PARAM))
    update = build_update(mesh)
    pool = ActorPool(n_actors=2)
    with jax.set_mesh(mesh):
        for _ in range(2):
            weights = update(weights, grads)
        synced = pool.sync(weights)
    return synced


if __name__ == "__main__":
    main(*inputs())
