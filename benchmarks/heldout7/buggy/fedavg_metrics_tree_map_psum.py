"""Federated evaluation: per-client metrics dict summed over (clients, shard) with jax.tree.map."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("clients", "shard")


def client_metrics(logits, labels, weights):
    pred = jnp.argmax(logits, axis=-1)
    correct = jnp.sum((pred == labels).astype(jnp.float32) * weights[:, None])
    count = jnp.sum(weights) * labels.shape[1]
    return {"correct": correct, "count": count}


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(16, 8, 4)).astype(np.float32), rng.integers(0, 4, size=(16, 8)).astype(np.int32),
            rng.uniform(0.5, 1.0, size=(16,)).astype(np.float32))


def main(logits, labels, weights):
    mesh = jax.make_mesh((4, 2), AXES)
    logits = jax.device_put(logits, NamedSharding(mesh, P("clients", "shard", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("clients", "shard")))
    weights = jax.device_put(weights, NamedSharding(mesh, P("clients")))

    def evaluate(logits, labels, weights):
        m = client_metrics(logits, labels, weights)
        totals = jax.tree.map(lambda v: jax.lax.psum(v, AXES), m)
        return totals["correct"] / totals["count"]

    return jax.shard_map(evaluate, mesh=mesh, in_specs=(P("clients", "shard", None), P("clients", "shard"), P("clients")),
                         out_specs=P())(logits, labels, weights)


if __name__ == "__main__":
    print(main(*inputs()))
