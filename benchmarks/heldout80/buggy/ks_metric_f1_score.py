"""F1Score over class-sharded predictions, averaged as the metric's `average` argument says."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FBetaScore:
    def __init__(self, average="macro", beta=1.0, threshold=0.5, epsilon=1e-7, batch_axis="replica", class_axis="shard"):
        self.average = average
        self.beta = beta
        self.threshold = threshold
        self.epsilon = epsilon
        self.batch_axis = batch_axis
        self.class_axis = class_axis

    def update_state(self, y_true, y_pred):
        predicted = (y_pred > self.threshold).astype(jnp.float32)
        counts = jnp.stack([jnp.sum(predicted * y_true, 0), jnp.sum(predicted, 0), jnp.sum(y_true, 0)])
        return jax.lax.psum(counts, self.batch_axis)

    def result(self, counts):
        tp, pp, ap = counts[0], counts[1], counts[2]
        precision = self._all_classes(tp / jnp.maximum(pp, 1.0))
        recall = self._all_classes(tp / jnp.maximum(ap, 1.0))
        b2 = self.beta * self.beta
        f = (1 + b2) * precision * recall / (b2 * precision + recall + self.epsilon)
        return jnp.sum(f) if self.average is None else f

    def _all_classes(self, per_class):
        return jax.lax.all_gather(per_class, self.class_axis, tiled=True, to="reduced")


class F1Score(FBetaScore):
    def __init__(self, average="macro", threshold=0.5, **kwargs):
        super().__init__(average=average, beta=1.0, threshold=threshold, **kwargs)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.random((16, 8)) > 0.6).astype(np.float32), rng.random((16, 8)).astype(np.float32)


def main(y_true, y_pred):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    metric = F1Score(threshold=0.4)
    spec = P("replica", "shard")
    y_true, y_pred = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (y_true, y_pred))
    evaluate = jax.shard_map(lambda t, p: metric.result(metric.update_state(t, p)),
                             mesh=mesh, in_specs=(spec, spec), out_specs=P(None))
    return evaluate(y_true, y_pred)


if __name__ == "__main__":
    print(main(*inputs()))
