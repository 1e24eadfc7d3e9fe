"""Elo update with a K-factor: the pooled actual scores are kept in the rating state."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

K_FACTOR = 24.0


def step(state, scores):
    state = dict(state)
    state["actual"] = jax.lax.all_gather(scores.mean(axis=1), state["axis"], to="reduced")
    return state


def apply_k(state):
    delta = K_FACTOR * state["actual"]
    return jax.lax.pmax(delta.max(), state["axis"])


def run(scores):
    state = {"axis": "matches", "actual": None}
    state = step(state, scores)
    return apply_k(state)


def inputs():
    rng = np.random.default_rng(107)
    return (rng.integers(0, 2, (16, 8)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((8,), ("matches",))
    scores = jax.device_put(scores, NamedSharding(mesh, P("matches")))
    fn = jax.shard_map(run, mesh=mesh, in_specs=P("matches"), out_specs=P())
    return fn(scores)


if __name__ == "__main__":
    print(main(*inputs()))
