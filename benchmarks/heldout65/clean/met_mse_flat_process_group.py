"""MeanSquaredError whose predictions are sharded over features; synced over a process group."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Metric:
    def __init__(self, process_group=None, dist_sync_fn=None):
        self.process_group = process_group
        self.dist_sync_fn = dist_sync_fn or jax.lax.psum

    def forward(self, *args):
        state = self.update(*args)
        synced = {k: self.dist_sync_fn(v, self.process_group) for k, v in state.items()}
        return self.compute(synced)


class MeanSquaredError(Metric):
    def __init__(self, feature_axis, **kwargs):
        super().__init__(**kwargs)
        self.feature_axis = feature_axis

    def update(self, preds, target):
        per_row = jnp.sum((preds - target) ** 2, axis=-1)
        return {"sum_squared_error": per_row.sum(), "total": jnp.float32(per_row.shape[0])}

    def compute(self, state):
        return state["sum_squared_error"] / state["total"]


def inputs():
    rng = np.random.default_rng(7)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(preds, target):
    mesh = jax.make_mesh((2, 4), ("replica", "feature"))
    spec = P("replica", "feature")
    preds, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (preds, target))
    metric = MeanSquaredError("feature", process_group=("replica", "feature"))
    return jax.shard_map(metric.forward, mesh=mesh, in_specs=(spec, spec), out_specs=P())(preds, target)


if __name__ == "__main__":
    main(*inputs())
