"""ConfusionMatrix metric with a concatenating state, gathered by a collection for export."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _cat(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=0, tiled=True, to="reduced")


def _sum(x, axis_name):
    return jax.lax.psum(x, axis_name)


REDUCTIONS = {"cat": _cat, "sum": _sum}


class Metric:
    states = {}

    def sync(self, state, axis_name):
        return {k: REDUCTIONS[fx](state[k], axis_name) for k, fx in self.states.items()}


class ConfusionMatrix(Metric):
    states = {"rows": "cat"}

    def __init__(self, num_classes):
        self.num_classes = num_classes

    def update(self, preds, target):
        onehot_p = jax.nn.one_hot(preds, self.num_classes)
        onehot_t = jax.nn.one_hot(target, self.num_classes)
        return {"rows": onehot_t[:, :, None] * onehot_p[:, None, :]}


class MetricCollection:
    def __init__(self, metrics, sync_axis, export_axes):
        self.metrics = metrics
        self.sync_axis = sync_axis
        self.export_axes = export_axes

    def export(self, preds, target):
        out = {}
        for name, m in self.metrics.items():
            state = m.sync(m.update(preds, target), self.sync_axis)
            for key, value in state.items():
                out[f"{name}/{key}"] = jax.lax.all_gather(value, self.export_axes, axis=2, tiled=True, to="reduced")
        return out


def inputs():
    rng = np.random.default_rng(5)
    return rng.integers(0, 4, size=(16, 8)).astype(np.int32), rng.integers(0, 4, size=(16, 8)).astype(np.int32)


def main(preds, target):
    mesh = jax.make_mesh((2, 4), ("replica", "feature"))
    spec = P("replica", "feature")
    preds, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (preds, target))
    coll = MetricCollection({"cm": ConfusionMatrix(4)}, "replica", mesh.axis_names)
    out_specs = {"cm/rows": P(None, None, None, None, reduced={"replica", "feature"})}
    return jax.shard_map(coll.export, mesh=mesh, in_specs=(spec, spec), out_specs=out_specs)(preds, target)


if __name__ == "__main__":
    main(*inputs())
