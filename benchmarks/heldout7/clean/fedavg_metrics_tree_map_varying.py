"""Federated eval metrics: every metric varies on (clients, shard), summed with jax.tree.map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("clients", "shard")


def inputs():
    rng = np.random.default_rng(114)
    return rng.normal(size=(16, 8, 4)).astype(np.float32), rng.integers(0, 4, size=(16, 8)).astype(np.int32)


def main(logits, labels):
    mesh = jax.make_mesh((4, 2), AXES)
    logits = jax.device_put(logits, NamedSharding(mesh, P(*AXES, None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(*AXES)))

    def evaluate(logits, labels):
        hit = (jnp.argmax(logits, axis=-1) == labels).astype(jnp.float32)
        m = {"correct": jnp.sum(hit), "count": jnp.sum(jnp.ones_like(hit))}
        totals = jax.tree.map(lambda v: jax.lax.psum(v, AXES), m)
        return totals["correct"] / totals["count"]

    return jax.shard_map(evaluate, mesh=mesh, in_specs=(P(*AXES, None), P(*AXES)), out_specs=P())(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
