"""A parameter reassigned in a `for _ in range(2)` loop by a jitted update (its first round surely
runs, so the parameter's own value never reaches the use), then handed to a method."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LEARNER = P(("i", "j"), None)
ACTOR = P(("j", "i"), None)


def build_update(mesh, lr=0.1):
    sharding = NamedSharding(mesh, LEARNER)

    def update(weights, grads):
        return weights - lr * grads

    return jax.jit(update, out_shardings=sharding)


class Pool:
    def sync(self, weights):
        return top_level_all_gather(weights, ACTOR)  # SF104


def main(mesh, x):
    weights, grads = np.asarray(x), np.asarray(x)
    update = build_update(mesh)
    with jax.set_mesh(mesh):
        for _ in range(2):
            weights = update(weights, grads)
        return Pool().sync(weights)
