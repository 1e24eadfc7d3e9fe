"""T5X-like evaluator: weighted accuracy metrics summarised per replica."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def standard_logical_axis_rules():
    return (
        ("batch", "data"),
        ("vocab", "model"),
        ("embed", None),
        ("mlp", "model"),
        ("heads", "model"),
        ("kv", None),
        ("length", None),
    )


class PjitPartitioner:
    def __init__(self, num_partitions, logical_axis_rules=None):
        self._num_partitions = num_partitions
        self._rules = logical_axis_rules or standard_logical_axis_rules()
        self.mesh = jax.make_mesh((jax.device_count() // num_partitions, num_partitions), ("data", "model"))

    @property
    def data_axis(self):
        return dict(self._rules)["batch"]

    def logical_to_mesh_axes(self, *names):
        rules = dict(self._rules)
        return P(*(rules.get(n) for n in names))

    def partition(self, fn, in_axis_resources, out_axis_resources):
        return jax.jit(jax.shard_map(fn, mesh=self.mesh, in_specs=in_axis_resources,
                                     out_specs=out_axis_resources))

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))


def compute_weighted_accuracy(logits, targets, weights):
    correct = jnp.equal(jnp.argmax(logits, axis=-1), targets).astype(jnp.float32)
    return jnp.sum(correct * weights), jnp.sum(weights)


def make_eval_step(partitioner):
    axis = partitioner.data_axis

    def eval_step(logits, targets, weights):
        correct, total = compute_weighted_accuracy(logits, targets, weights)
        metrics = {
            "accuracy_numerator": correct,
            "accuracy_denominator": total,
        }
        return {name: jax.lax.all_gather(v[None], axis, to="reduced", tiled=True) for name, v in metrics.items()}

    logits_spec = partitioner.logical_to_mesh_axes("batch", "length", "embed")
    token_spec = partitioner.logical_to_mesh_axes("batch", "length")
    out = {k: P(None, reduced={axis}) for k in ("accuracy_numerator", "accuracy_denominator")}
    return partitioner.partition(eval_step, (logits_spec, token_spec, token_spec), out)


def inputs():
    rng = np.random.default_rng(6)
    logits = rng.standard_normal((8, 4, 16)).astype(np.float32)
    targets = rng.integers(0, 16, (8, 4)).astype(np.int32)
    weights = (rng.random((8, 4)) > 0.2).astype(np.float32)
    return logits, targets, weights


def main(logits, targets, weights):
    partitioner = PjitPartitioner(num_partitions=4)
    eval_step = make_eval_step(partitioner)
    token_spec = partitioner.logical_to_mesh_axes("batch", "length")
    logits = partitioner.place(logits, partitioner.logical_to_mesh_axes("batch", "length", "embed"))
    targets = partitioner.place(targets, token_spec)
    weights = partitioner.place(weights, token_spec)
    metrics = eval_step(logits, targets, weights)
    return {k: v.sum() for k, v in metrics.items()}


if __name__ == "__main__":
    main(*inputs())
