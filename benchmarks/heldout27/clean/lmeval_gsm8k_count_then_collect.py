"""GSM8K exact match: answers are compared per request, then the metric is aggregated."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def exact_match(pred_ids, gold_ids):
    return jnp.all(pred_ids == gold_ids, axis=-1).astype(jnp.float32)


def collect(items, axis):
    return jax.lax.all_gather(items, axis, axis=0, tiled=True, to="reduced")


def count_aggregation(items, axis):
    return jax.lax.psum(jnp.sum(items), axis)


AGGREGATIONS = {"exact_match": count_aggregation}
METRICS = {"exact_match": exact_match}


def build_evaluator(request_axis, n_requests):
    def evaluate(pred_ids, gold_ids):
        results = {}
        for name, fn in METRICS.items():
            items = fn(pred_ids, gold_ids)
            results[name] = AGGREGATIONS[name](items, request_axis) / n_requests
        return results

    return evaluate


def inputs():
    rng = np.random.default_rng(15)
    gold = rng.integers(0, 10, (16, 6)).astype(np.int32)
    pred = np.where(rng.uniform(size=(16, 6)) < 0.9, gold, 0).astype(np.int32)
    return pred, gold


def main(pred, gold):
    mesh = jax.make_mesh((8,), ("requests",))
    spec = P("requests", None)
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    gold = jax.device_put(gold, NamedSharding(mesh, spec))
    fn = jax.shard_map(build_evaluator("requests", pred.shape[0]), mesh=mesh, in_specs=(spec, spec),
                       out_specs={"exact_match": P()})
    return fn(pred, gold)


if __name__ == "__main__":
    print(main(*inputs()))
