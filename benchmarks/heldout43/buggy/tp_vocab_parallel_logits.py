"""Vocab-parallel LM head: logits per vocab shard, full rows for the sampler's debug table."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("dp", "tp")


def lm_head(hidden, embedding, *, tp_axis, table_axes, softcap=30.0):
    logits = hidden @ embedding.T
    logits = softcap * jnp.tanh(logits / softcap)
    rows = jax.lax.all_gather(logits, tp_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, table_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    hidden = rng.normal(size=(8, 16)).astype(np.float32)
    embedding = (0.1 * rng.normal(size=(64, 16))).astype(np.float32)
    return hidden, embedding


def main(hidden, embedding):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    dp, tp = MESH_AXES
    hidden = jax.device_put(hidden, NamedSharding(mesh, P(dp, None)))
    embedding = jax.device_put(embedding, NamedSharding(mesh, P(tp, None)))
    body = functools.partial(lm_head, tp_axis=tp, table_axes=(dp, tp))
    head = jax.shard_map(body, mesh=mesh, in_specs=(P(dp, None), P(tp, None)),
                         out_specs=P(None, None, reduced={dp, tp}))
    return head(hidden, embedding)


if __name__ == "__main__":
    main(*inputs())
