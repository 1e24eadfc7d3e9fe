"""Music transformer training step: the loss and accuracy metrics are averaged for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DP, TP = "dp", "tp"


def inputs():
    h = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    w = np.linspace(-0.5, 0.5, 8 * 32, dtype=np.float32).reshape(8, 32)
    targets = (np.arange(16) % 32).astype(np.int32)
    return h, w, targets


def main(h, w, targets):
    mesh = jax.make_mesh((2, 4), (DP, TP))
    h = jax.device_put(h, NamedSharding(mesh, P(DP, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, TP)))
    targets = jax.device_put(targets, NamedSharding(mesh, P(DP)))

    def step(h, w, t):
        logits = h @ w
        shard = jax.lax.axis_index(TP) * logits.shape[1]
        local_t = t - shard
        ok = (local_t >= 0) & (local_t < logits.shape[1])
        picked = jnp.take_along_axis(logits, jnp.clip(local_t, 0, logits.shape[1] - 1)[:, None], 1)[:, 0]
        target_logit = jax.lax.psum(jnp.where(ok, picked, 0.0), TP)
        lse = jnp.log(jax.lax.psum(jnp.exp(logits).sum(axis=1), TP))
        metrics = {"nll": jnp.mean(lse - target_logit), "logit_mean": jnp.mean(logits)}
        return jax.tree.map(lambda m: jax.lax.pmean(m, (DP, TP)), metrics)

    fn = jax.shard_map(step, mesh=mesh, in_specs=(P(DP, None), P(None, TP), P(DP)),
                       out_specs={"nll": P(), "logit_mean": P()})
    return fn(h, w, targets)
