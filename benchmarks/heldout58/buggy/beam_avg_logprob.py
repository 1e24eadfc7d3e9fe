"""Average log-probability of the beam, with reducers picked by name."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GEN_AXES = ("batch", "vocab")

REDUCERS = {
    "sum": functools.partial(jax.lax.psum, axis_name=GEN_AXES),
    "mean": functools.partial(jax.lax.pmean, axis_name=GEN_AXES),
}


def beam_statistics(lprobs, tokens, reduce="mean"):
    vocab_start = jax.lax.axis_index("vocab") * lprobs.shape[-1]
    local_ids = tokens - vocab_start
    in_shard = (local_ids >= 0) & (local_ids < lprobs.shape[-1])
    picked = jnp.take_along_axis(lprobs, jnp.clip(local_ids, 0, lprobs.shape[-1] - 1)[..., None], axis=-1)[..., 0]
    token_lp = jax.lax.psum(jnp.where(in_shard, picked, 0.0), "vocab")
    return REDUCERS[reduce](jnp.sum(token_lp))


def inputs():
    rng = np.random.default_rng(14)
    lprobs = rng.standard_normal((8, 5, 32), dtype=np.float32)
    tokens = rng.integers(0, 32, size=(8, 5)).astype(np.int32)
    return lprobs, tokens


def main(lprobs, tokens):
    mesh = jax.make_mesh((2, 4), GEN_AXES)
    lprobs = jax.device_put(lprobs, NamedSharding(mesh, P("batch", None, "vocab")))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("batch", None)))
    stats = jax.shard_map(
        beam_statistics,
        mesh=mesh,
        in_specs=(P("batch", None, "vocab"), P("batch", None)),
        out_specs=P(),
    )
    return stats(lprobs, tokens)


if __name__ == "__main__":
    main(*inputs())
