"""A MeanMetricWrapper around a top-1 accuracy function on class-sharded logits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sparse_top_1_accuracy(y_true, logits, class_axis="shard"):
    block = logits.shape[-1]
    offset = jax.lax.axis_index(class_axis) * block
    local_best = jnp.max(logits, axis=-1)
    best = jax.lax.pmax(local_best, class_axis)
    is_label = (jnp.arange(block) + offset)[None, :] == y_true[:, None]
    label_logit = jax.lax.psum(jnp.sum(jnp.where(is_label, logits, 0.0), axis=-1), class_axis)
    return (label_logit >= best).astype(jnp.float32)


class Mean:
    def __init__(self, name="mean", axes=("replica", "shard")):
        self.name = name
        self.axes = axes

    def stateless_update_state(self, state, values):
        total, count = state
        return total + jax.lax.psum(values.sum(), self.axes), count + jax.lax.psum(float(values.size), self.axes[0])

    def stateless_result(self, state):
        total, count = state
        return total / count


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, **kwargs):
        super().__init__(name=name or fn.__name__, **kwargs)
        self._fn = fn

    def stateless_update_state(self, state, y_true, y_pred):
        return super().stateless_update_state(state, self._fn(y_true, y_pred))


def inputs():
    rng = np.random.default_rng(14)
    return rng.integers(0, 8, size=16).astype(np.int32), rng.normal(size=(16, 8)).astype(np.float32)


def main(labels, logits):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    metric = MeanMetricWrapper(sparse_top_1_accuracy, name="accuracy")
    labels = jax.device_put(labels, NamedSharding(mesh, P("replica")))
    logits = jax.device_put(logits, NamedSharding(mesh, P("replica", "shard")))

    def evaluate(labels, logits):
        state = (jnp.zeros(()), jnp.zeros(()))
        state = metric.stateless_update_state(state, labels, logits)
        return metric.stateless_result(state)

    return jax.shard_map(evaluate, mesh=mesh, in_specs=(P("replica"), P("replica", "shard")), out_specs=P())(labels, logits)


if __name__ == "__main__":
    print(main(*inputs()))
