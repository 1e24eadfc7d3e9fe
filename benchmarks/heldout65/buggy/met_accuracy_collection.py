"""torchmetrics-like Metric base class and a MetricCollection synchronised over replicas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DIST_REDUCE_FX = {
    "sum": jax.lax.psum,
    "mean": jax.lax.pmean,
    "max": jax.lax.pmax,
}


class Metric:
    def __init__(self):
        self._defaults = {}
        self._reductions = {}

    def add_state(self, name, default, dist_reduce_fx="sum"):
        self._defaults[name] = default
        self._reductions[name] = dist_reduce_fx

    def init(self):
        return dict(self._defaults)

    def sync(self, state, axis_name):
        return {k: DIST_REDUCE_FX[self._reductions[k]](v, axis_name) for k, v in state.items()}


class Accuracy(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("correct", jnp.zeros((1,)), "sum")
        self.add_state("total", jnp.zeros((1,)), "sum")

    def update(self, state, preds, target):
        hits = (jnp.argmax(preds, axis=-1) == target).astype(jnp.float32)
        return {"correct": state["correct"] + hits.sum(), "total": state["total"] + hits.size}

    def compute(self, state):
        return state["correct"] / state["total"]


class MetricCollection:
    def __init__(self, metrics, axis_name):
        self.metrics = metrics
        self.axis_name = axis_name

    def step(self, preds, target):
        states = {}
        for name, metric in self.metrics.items():
            local = metric.update(metric.init(), preds, target)
            states[name] = metric.sync(local, self.axis_name)
        return states

    def for_logging(self, states):
        share = lambda v: jax.lax.all_gather(v, self.axis_name, tiled=True, to="reduced")
        return jax.tree.map(share, states)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 5)).astype(np.float32), rng.integers(0, 5, size=(16,)).astype(np.int32)


def main(preds, target):
    mesh = jax.make_mesh((4, 2), ("replica", "feature"))
    preds = jax.device_put(preds, NamedSharding(mesh, P("replica", None)))
    target = jax.device_put(target, NamedSharding(mesh, P("replica")))
    collection = MetricCollection({"acc": Accuracy()}, axis_name="replica")

    def body(p, t):
        return collection.for_logging(collection.step(p, t))

    out = {"acc": {"correct": P(reduced={"replica"}), "total": P(reduced={"replica"})}}
    return jax.shard_map(body, mesh=mesh, in_specs=(P("replica", None), P("replica")), out_specs=out)(preds, target)


if __name__ == "__main__":
    main(*inputs())
