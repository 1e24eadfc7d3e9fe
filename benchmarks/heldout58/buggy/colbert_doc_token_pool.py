"""Document token embeddings pooled for late interaction, gathered from both mesh axes."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LATE_AXES = {"docs": "batch", "tokens": "token"}


def pool_tokens(doc_embs, axes=LATE_AXES, pool_factor=2):
    b, t, d = doc_embs.shape
    pooled = doc_embs.reshape(b, t // pool_factor, pool_factor, d).mean(axis=2)
    seq = jax.lax.all_gather(pooled, axes["tokens"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(seq, (axes["docs"], axes["tokens"]), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    return (rng.standard_normal((8, 16, 4), dtype=np.float32),)


def main(doc_embs):
    mesh = jax.make_mesh((2, 4), tuple(LATE_AXES.values()))
    doc_embs = jax.device_put(doc_embs, NamedSharding(mesh, P("batch", "token", None)))
    fn = jax.shard_map(
        functools.partial(pool_tokens, pool_factor=2),
        mesh=mesh,
        in_specs=P("batch", "token", None),
        out_specs=P(None, None, None, reduced={"batch", "token"}),
    )
    return fn(doc_embs)


if __name__ == "__main__":
    main(*inputs())
