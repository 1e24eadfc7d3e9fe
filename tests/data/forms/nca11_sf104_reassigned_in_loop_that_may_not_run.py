"""Near misses of ca11: the loop runs `steps` times (0 here, so the placed value reaches the
gather, which is valid for it), or its round may stop before the update (`break`)."""
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
        return top_level_all_gather(weights, ACTOR)


def main(mesh, x, steps=0):
    grads = np.asarray(x)
    weights = jax.device_put(np.asarray(x), NamedSharding(mesh, ACTOR))
    other = weights
    update = build_update(mesh)
    with jax.set_mesh(mesh):
        for _ in range(steps):
            weights = update(weights, grads)
        for _ in range(2):
            if steps == 0:
                break
            other = update(other, grads)
        return Pool().sync(weights), Pool().sync(other)
