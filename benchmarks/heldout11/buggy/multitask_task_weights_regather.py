"""Multi-task learning with uncertainty weighting: per-task losses shared across the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TASKS = ("depth", "segmentation", "normals")


def allreduce_mean(x, axes):
    return jax.lax.pmean(x, axes)


def gather_all(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def task_losses(preds, targets):
    losses = {}
    for i, name in enumerate(TASKS):
        losses[name] = jnp.mean((preds[:, i] - targets[:, i]) ** 2)
    return losses


def step(preds, targets):
    losses = task_losses(preds, targets)
    stacked = jnp.stack([allreduce_mean(losses[t], "batch") for t in TASKS])
    return gather_all(stacked, "batch")


def inputs():
    r = np.random.RandomState(50)
    return r.randn(16, 3).astype(np.float32), r.randn(16, 3).astype(np.float32)


def main(preds, targets):
    mesh = jax.make_mesh((8,), ("batch",))
    preds, targets = (jax.device_put(a, NamedSharding(mesh, P("batch", None))) for a in (preds, targets))
    return jax.shard_map(step, mesh=mesh, in_specs=(P("batch", None), P("batch", None)),
                         out_specs=P(reduced={"batch"}))(preds, targets)


if __name__ == "__main__":
    print(main(*inputs()))
