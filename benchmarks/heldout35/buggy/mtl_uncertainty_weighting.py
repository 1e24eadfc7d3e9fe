"""Multi-task loss with homoscedastic uncertainty weights (Kendall et al.), per-task stats logged."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TaskStats(NamedTuple):
    losses: jax.Array
    log_vars: jax.Array


def task_losses(logits, labels):
    return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits, axis=0)


def weighted_loss(logits, labels, log_vars):
    local = task_losses(logits, labels)
    stats = TaskStats(
        losses=jax.lax.all_gather(local, "data", to="reduced"),
        log_vars=log_vars,
    )
    logged = jax.lax.all_gather(stats.losses, "data", tiled=True)
    mean_losses = jax.lax.pmean(local, "data")
    total = jnp.sum(jnp.exp(-stats.log_vars) * mean_losses + stats.log_vars)
    return total, logged


def inputs():
    rng = np.random.default_rng(32)
    logits = rng.normal(size=(32, 3)).astype(np.float32)
    labels = (rng.uniform(size=(32, 3)) < 0.2).astype(np.float32)
    return logits, labels, np.zeros((3,), np.float32)


def main(logits, labels, log_vars):
    mesh = jax.make_mesh((8,), ("data",))
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data", None)))
    log_vars = jax.device_put(log_vars, NamedSharding(mesh, P()))
    fn = jax.shard_map(weighted_loss, mesh=mesh, in_specs=(P("data", None), P("data", None), P()),
                       out_specs=(P(), P("data", None)))
    return fn(logits, labels, log_vars)


if __name__ == "__main__":
    print(main(*inputs()))
