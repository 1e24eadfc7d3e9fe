"""Metrics dict: counters are psum'd with tree.map; the gathered labels are returned as they are."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "replica"


def compute_metrics(logits, labels):
    counters = {
        "correct": jnp.sum(jnp.argmax(logits, -1) == labels).astype(jnp.float32),
        "count": jnp.asarray(labels.shape[0], jnp.float32),
    }
    counters = jax.tree.map(lambda v: jax.lax.psum(v, AXIS), counters)
    counters["labels"] = jax.lax.all_gather(labels, AXIS, tiled=True, to="reduced")
    return counters


def inputs():
    mesh = jax.make_mesh((8,), (AXIS,))
    s = NamedSharding(mesh, P(AXIS))
    return mesh, jax.device_put(jax.random.normal(jax.random.key(10), (16, 3)), s), jax.device_put(jnp.arange(16) % 3, s)


def main(mesh, logits, labels):
    return jax.shard_map(compute_metrics, mesh=mesh, in_specs=(P(AXIS), P(AXIS)),
                         out_specs={"correct": P(), "count": P(), "labels": P(reduced={AXIS})})(logits, labels)
