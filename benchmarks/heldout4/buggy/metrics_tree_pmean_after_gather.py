"""An evaluation loop: per-shard metrics are collected in a dict, gathered for the host logger
and then averaged across data shards for the summary line."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "batch"


def eval_metrics(logits, labels):
    pred = jnp.argmax(logits, axis=-1)
    return {
        "accuracy": jnp.mean((pred == labels).astype(jnp.float32), keepdims=True),
        "loss": jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(labels.shape[0]), labels], keepdims=True),
    }


def eval_step(logits, labels):
    metrics = eval_metrics(logits, labels)
    per_shard = {k: jax.lax.all_gather(v, AXIS, tiled=True, to="reduced") for k, v in metrics.items()}
    summary = {k: jax.lax.pmean(v, AXIS) for k, v in per_shard.items()}
    return summary


def inputs():
    logits = (np.arange(16 * 5, dtype=np.float32).reshape(16, 5) % 7) / 7.0
    labels = np.arange(16, dtype=np.int32) % 5
    return logits, labels


def main(logits, labels):
    mesh = jax.make_mesh((8,), (AXIS,))
    logits = jax.device_put(logits, NamedSharding(mesh, P(AXIS)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(AXIS)))
    f = jax.jit(jax.shard_map(eval_step, mesh=mesh, in_specs=(P(AXIS), P(AXIS)),
                              out_specs={"accuracy": P(), "loss": P()}))
    return f(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
