"""MMLU-style per-subject accuracy table, assembled from request shards for the results JSON."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL_CONFIG = {
    "mesh": {"shape": (2, 4), "axes": ("requests", "subjects")},
    "aggregate": {"pool_axis": "requests", "table_axes": ("requests", "subjects")},
}


class SubjectAccuracy:
    def __init__(self, config):
        agg = config["aggregate"]
        self.pool_axis = agg["pool_axis"]
        self.table_axes = agg["table_axes"]

    def per_request(self, pred, gold):
        return (pred == gold).astype(jnp.float32)

    def aggregate(self, correct):
        pooled = jax.lax.all_gather(correct, self.pool_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(pooled, self.table_axes, axis=1, tiled=True, to="reduced")


def evaluate(metric, pred, gold):
    return metric.aggregate(metric.per_request(pred, gold))


def inputs():
    rng = np.random.default_rng(14)
    return rng.integers(0, 4, (16, 8)).astype(np.int32), rng.integers(0, 4, (16, 8)).astype(np.int32)


def main(pred, gold):
    mesh = jax.make_mesh(EVAL_CONFIG["mesh"]["shape"], EVAL_CONFIG["mesh"]["axes"])
    spec = P("requests", "subjects")
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    gold = jax.device_put(gold, NamedSharding(mesh, spec))
    metric = SubjectAccuracy(EVAL_CONFIG)
    fn = jax.shard_map(lambda p, g: evaluate(metric, p, g), mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={"requests", "subjects"}))
    return fn(pred, gold)


if __name__ == "__main__":
    print(main(*inputs()))
