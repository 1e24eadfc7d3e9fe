"""OpenAI-style logit_bias: per-request bias rows applied to vocab-parallel logits."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_bias_rows(bias_ids, bias_values, vocab_per_shard, vocab_axis):
    start = jax.lax.axis_index(vocab_axis) * vocab_per_shard
    local_ids = bias_ids - start
    in_shard = (local_ids >= 0) & (local_ids < vocab_per_shard)
    onehot = jax.nn.one_hot(jnp.where(in_shard, local_ids, -1), vocab_per_shard)
    return jnp.sum(onehot * bias_values[..., None], axis=1)


def apply_logit_bias(logits, bias_ids, bias_values, *, vocab_axis="vocab"):
    rows = build_bias_rows(bias_ids, bias_values, logits.shape[-1], vocab_axis)
    full_rows = jax.lax.all_gather(rows, vocab_axis, axis=1, tiled=True, to="reduced")
    local_rows = jax.lax.psum_scatter(full_rows, vocab_axis, scatter_dimension=1, tiled=True)
    return logits + local_rows


def inputs():
    rng = np.random.default_rng(33)
    logits = rng.normal(size=(8, 32)).astype(np.float32)
    bias_ids = rng.integers(0, 32, size=(8, 3)).astype(np.int32)
    bias_values = rng.uniform(-5, 5, size=(8, 3)).astype(np.float32)
    return logits, bias_ids, bias_values


def main(logits, bias_ids, bias_values):
    mesh = jax.make_mesh((2, 4), ("req", "vocab"))
    logits = jax.device_put(logits, NamedSharding(mesh, P("req", "vocab")))
    bias_ids = jax.device_put(bias_ids, NamedSharding(mesh, P("req", None)))
    bias_values = jax.device_put(bias_values, NamedSharding(mesh, P("req", None)))
    body = functools.partial(apply_logit_bias, vocab_axis="vocab")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("req", "vocab"), P("req", None), P("req", None)),
                       out_specs=P("req", "vocab"))
    return fn(logits, bias_ids, bias_values)


if __name__ == "__main__":
    main(*inputs())
