"""Micro-batched evaluation with lax.scan: logits summed over 'model', correct counts summed
over 'data' only, the axis they still vary on."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def evaluate(feats, w, labels):
    feats = feats.reshape(2, -1, feats.shape[-1])
    labels = labels.reshape(2, -1)

    def micro(carry, batch):
        x, y = batch
        logits = jax.lax.psum(x[:, : w.shape[0]] @ w, "model")
        return carry + jnp.sum(jnp.argmax(logits, axis=-1) == y), None

    correct, _ = jax.lax.scan(micro, jnp.zeros_like(labels[0, 0]), (feats, labels))
    return {"correct": jax.lax.psum(correct, "data")}


def main(feats, w, labels):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    f = jax.shard_map(evaluate, mesh=mesh, in_specs=(P("data", None), P("model", None), P("data")),
                      out_specs={"correct": P()})
    return f(jax.device_put(feats, NamedSharding(mesh, P("data", None))),
             jax.device_put(w, NamedSharding(mesh, P("model", None))),
             jax.device_put(labels, NamedSharding(mesh, P("data"))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(111), 3)
    return (jax.random.normal(k1, (16, 8)), jax.random.normal(k2, (8, 10)),
            jax.random.randint(k3, (16,), 0, 10))
