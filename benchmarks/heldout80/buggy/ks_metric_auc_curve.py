"""A distributed AUC metric (stateless_update_state / stateless_result) that also reports its curve."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DataParallel:
    def __init__(self, mesh, batch_dim_name="replica"):
        self.mesh = mesh
        self.batch_dim_name = batch_dim_name


class Metric:
    def __init__(self, name=None, distribution=None):
        self.name = name or type(self).__name__.lower()
        self.distribution = distribution

    @property
    def sync_axis(self):
        return self.distribution.batch_dim_name

    def stateless_reset_state(self):
        return [jnp.zeros(s, jnp.float32) for s in self.variable_shapes]


class AUC(Metric):
    def __init__(self, num_thresholds=9, report_curve=True, **kwargs):
        super().__init__(**kwargs)
        self.thresholds = jnp.linspace(0.0, 1.0, num_thresholds)
        self.report_curve = report_curve
        self.variable_shapes = [(num_thresholds,), (num_thresholds,)]

    def stateless_update_state(self, variables, y_true, y_pred):
        tp, fp = variables
        above = (y_pred[:, None] >= self.thresholds[None, :]).astype(jnp.float32)
        tp = tp + jnp.sum(above * y_true[:, None], axis=0)
        fp = fp + jnp.sum(above * (1.0 - y_true[:, None]), axis=0)
        return [tp, fp]

    def stateless_result(self, variables):
        tp, fp = (jax.lax.psum(v, self.sync_axis) for v in variables)
        tpr = tp / jnp.maximum(tp[0], 1.0)
        fpr = fp / jnp.maximum(fp[0], 1.0)
        auc = jnp.sum((fpr[:-1] - fpr[1:]) * (tpr[:-1] + tpr[1:]) / 2.0)
        curve = self.curve(tpr) if self.report_curve else tpr
        return auc, curve

    def curve(self, tpr):
        report_axis = self.distribution.mesh.axis_names[0]
        return jax.lax.all_gather(tpr, report_axis, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(10)
    y_true = (rng.random(32) > 0.5).astype(np.float32)
    y_pred = np.clip(y_true * 0.6 + rng.random(32) * 0.5, 0.0, 1.0).astype(np.float32)
    return y_true, y_pred


def main(y_true, y_pred):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    metric = AUC(num_thresholds=9, distribution=DataParallel(mesh))
    batch = NamedSharding(mesh, P(("replica", "shard")))
    y_true, y_pred = jax.device_put(y_true, batch), jax.device_put(y_pred, batch)

    def evaluate(y_true, y_pred):
        state = metric.stateless_reset_state()
        state = metric.stateless_update_state(state, y_true, y_pred)
        state = [jax.lax.psum(v, "shard") for v in state]
        return metric.stateless_result(state)

    auc, curve = jax.shard_map(evaluate, mesh=mesh, in_specs=(P(("replica", "shard")),) * 2,
                               out_specs=(P(), P(None, None, reduced={"replica"})))(y_true, y_pred)
    return auc


if __name__ == "__main__":
    print(main(*inputs()))
