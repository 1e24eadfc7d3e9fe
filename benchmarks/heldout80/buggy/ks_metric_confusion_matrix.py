"""A class-sharded confusion matrix metric gathered for a per-epoch report."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfusionMatrix:
    def __init__(self, num_classes, class_axis="shard", report_axes=("replica", "shard"), name="confusion_matrix"):
        self.num_classes = num_classes
        self.class_axis = class_axis
        self.name = name
        self._gather_all = functools.partial(jax.lax.all_gather, axis_name=report_axes, tiled=True, to="reduced")

    def update_state(self, y_true, y_pred_block):
        # y_pred_block holds this device's slice of the classes
        counts = y_true.T @ y_pred_block
        return jax.lax.all_gather(counts, self.class_axis, axis=1, tiled=True, to="reduced")

    def result(self, matrix):
        return self._gather_all(matrix, axis=0)

    def get_config(self):
        return {"num_classes": self.num_classes, "class_axis": self.class_axis, "name": self.name}


def inputs():
    rng = np.random.default_rng(11)
    labels = np.eye(8, dtype=np.float32)[rng.integers(0, 8, size=16)]
    probs = rng.dirichlet(np.ones(8), size=16).astype(np.float32)
    return labels, probs


def main(labels, probs):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    metric = ConfusionMatrix(num_classes=8)
    labels = jax.device_put(labels, NamedSharding(mesh, P("replica", None)))
    probs = jax.device_put(probs, NamedSharding(mesh, P("replica", "shard")))

    def evaluate(labels, probs):
        return metric.result(metric.update_state(labels, probs))

    matrix = jax.shard_map(evaluate, mesh=mesh, in_specs=(P("replica", None), P("replica", "shard")),
                           out_specs=P(None, None, reduced={"replica", "shard"}))(labels, probs)
    return matrix


if __name__ == "__main__":
    print(main(*inputs()))
