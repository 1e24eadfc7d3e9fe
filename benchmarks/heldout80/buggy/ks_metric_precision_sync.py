"""Per-class Precision with a configurable cross-replica reduction, from a metric config dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_CONFIG = {"class_name": "Precision", "config": {"top_k": None, "reduction": "psum", "axis": "shard"}}


class Precision:
    def __init__(self, top_k=None, reduction="psum", axis="replica", class_axis="shard", threshold=0.5):
        self.top_k = top_k
        self.reduction = reduction
        self.axis = axis
        self.class_axis = class_axis
        self.threshold = threshold
        self.reduce_fn = getattr(jax.lax, reduction)

    def update_state(self, y_true, y_pred):
        predicted = (y_pred >= self.threshold).astype(jnp.float32)
        counts = jnp.stack([jnp.sum(predicted * y_true, axis=0), jnp.sum(predicted, axis=0)])
        return jax.lax.all_gather(counts, self.class_axis, axis=1, tiled=True, to="reduced")

    def result(self, state):
        counts = self.reduce_fn(state, self.axis)
        return counts[0] / jnp.maximum(counts[1], 1.0)


def deserialize(config):
    return {"Precision": Precision}[config["class_name"]](**config["config"])


def inputs():
    rng = np.random.default_rng(12)
    y_true = (rng.random((16, 8)) > 0.7).astype(np.float32)
    y_pred = rng.random((16, 8)).astype(np.float32)
    return y_true, y_pred


def main(y_true, y_pred):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    metric = deserialize(METRIC_CONFIG)
    spec = P(None, "shard")
    y_true, y_pred = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (y_true, y_pred))
    evaluate = jax.shard_map(lambda t, p: metric.result(metric.update_state(t, p)),
                             mesh=mesh, in_specs=(spec, spec), out_specs=P(None))
    return evaluate(y_true, y_pred)


if __name__ == "__main__":
    print(main(*inputs()))
