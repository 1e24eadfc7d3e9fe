"""Batched MCTS: root visit counts accumulated over simulations, shared as a search summary."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH, ACTION = "batch", "action"


def simulate(visits, logits, num_simulations):
    def body(i, v):
        probs = jax.nn.softmax(logits + 0.1 * v)
        return v + probs

    return jax.lax.fori_loop(0, num_simulations, body, visits)


def root_summary(visits, logits, *, axis, num_simulations=4):
    visits = simulate(visits, logits, num_simulations)
    n_local = visits.sum(axis=-1, keepdims=True)
    n_root = jax.lax.psum(n_local, axis)
    return visits / n_root, jax.lax.all_gather(n_local, axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(28)
    return np.zeros((8, 8), np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(visits, logits):
    mesh = jax.make_mesh((4, 2), (BATCH, ACTION))
    sharding = NamedSharding(mesh, P(BATCH, ACTION))
    visits, logits = jax.device_put(visits, sharding), jax.device_put(logits, sharding)
    summary = jax.jit(jax.shard_map(functools.partial(root_summary, axis=ACTION), mesh=mesh,
                                    in_specs=(P(BATCH, ACTION), P(BATCH, ACTION)),
                                    out_specs=(P(BATCH, ACTION), P(BATCH, None, reduced={ACTION}))))
    return summary(visits, logits)


if __name__ == "__main__":
    main(*inputs())
