"""BPE-dropout: merge probabilities from the gathered pair scores of every vocab shard."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gathered_scores(scores, axis):
    return jax.lax.all_gather(scores, axis, axis=1, tiled=True, to="reduced")


def dropout_probs(scores, axis, temperature=1.0):
    full = gathered_scores(scores, axis)
    return jax.nn.softmax(full / temperature, axis=-1)


def inputs():
    return (np.random.default_rng(89).normal(size=(8, 16)).astype(np.float32),)


def main(scores):
    mesh = jax.make_mesh((2, 4), ("docs", "vocab"))
    scores = jax.device_put(scores, NamedSharding(mesh, P("docs", "vocab")))
    body = functools.partial(dropout_probs, axis="vocab", temperature=0.7)
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("docs", "vocab"), out_specs=P("docs", None, reduced={"vocab"}))
    return fn(scores)


if __name__ == "__main__":
    print(main(*inputs()))
