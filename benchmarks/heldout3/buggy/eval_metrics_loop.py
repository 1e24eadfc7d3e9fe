"""Eval loop: per-shard metrics summed over the data axis, then gathered for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "batch"
METRIC_NAMES = ("loss", "correct", "count")


def compute_metrics(logits, labels):
    pred = jnp.argmax(logits, axis=-1)
    loss = jnp.sum((logits - labels[:, None]) ** 2, axis=0, keepdims=True)
    correct = jnp.sum((pred == labels).astype(jnp.float32), keepdims=True)
    count = jnp.full((1,), labels.shape[0], jnp.float32)
    return {"loss": loss.sum(keepdims=True)[0], "correct": correct, "count": count}


def eval_body(logits, labels):
    metrics = compute_metrics(logits, labels)
    out = {}
    for name in METRIC_NAMES:
        total = lax.psum(metrics[name], DATA)
        out[name] = lax.all_gather(total, DATA, to="reduced", tiled=True)
    return out


def inputs():
    return np.arange(64, dtype=np.float32).reshape(16, 4) / 64, np.arange(16) % 4


def main(logits, labels):
    mesh = jax.make_mesh((8,), (DATA,))
    logits = jax.device_put(logits, NamedSharding(mesh, P(DATA)))
    labels = jax.device_put(labels, NamedSharding(mesh, P(DATA)))
    spec = {n: P(reduced={DATA}) for n in METRIC_NAMES}
    run = jax.shard_map(eval_body, mesh=mesh, in_specs=(P(DATA), P(DATA)), out_specs=spec)
    return run(logits, labels)


if __name__ == "__main__":
    print(main(*inputs()))
