"""Debug dump of sampled logits: each request's logits regathered for the trace viewer."""
import json

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("dp", "vocab_shard"))
TRACE_CONFIG = json.loads("""
{"logits_spec": [["dp", "vocab_shard"], null],
 "viewer_spec": ["vocab_shard", null],
 "viewer_reduced": ["dp"]}
""")


def spec_from(entries, reduced=()):
    dims = [tuple(e) if isinstance(e, list) else e for e in entries]
    return P(*dims, reduced=set(reduced))


def sampled_logits():
    logits = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
    return jax.device_put(logits, NamedSharding(MESH, spec_from(TRACE_CONFIG["logits_spec"])))


def inputs():
    return (sampled_logits(),)


def main(logits):
    viewer = spec_from(TRACE_CONFIG["viewer_spec"], TRACE_CONFIG["viewer_reduced"])
    with jax.set_mesh(MESH):
        return top_level_all_gather(logits, viewer)
