"""Recall@k of the query tower against a catalogue sharded over the table axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_AXES = ("batch", "table")
K = 4


def hits_at_k(scores, positives, table_axis):
    kth = jax.lax.top_k(scores, K)[0][:, -1]
    kth = jax.lax.pmax(kth, table_axis)
    pos_score = jax.lax.psum(jnp.sum(scores * positives, axis=-1), table_axis)
    return (pos_score >= kth).astype(jnp.float32)


def evaluate(q, items, positives):
    scores = q @ items.T
    hits = hits_at_k(scores, positives, METRIC_AXES[1])
    hits = jax.lax.pcast(hits, METRIC_AXES[1], to="varying") / jax.lax.axis_size(METRIC_AXES[1])
    stats = {"queries": jnp.float32(hits.shape[0]), "hits": hits.sum()}
    return {name: jax.lax.psum(value, METRIC_AXES) for name, value in stats.items()}


def inputs():
    rng = np.random.default_rng(14)
    q = rng.normal(size=(16, 8)).astype(np.float32)
    items = rng.normal(size=(32, 8)).astype(np.float32)
    positives = np.eye(16, 32, dtype=np.float32)
    return q, items, positives


def main(q, items, positives):
    mesh = jax.make_mesh((2, 4), METRIC_AXES)
    q = jax.device_put(q, NamedSharding(mesh, P("batch", None)))
    items = jax.device_put(items, NamedSharding(mesh, P("table", None)))
    positives = jax.device_put(positives, NamedSharding(mesh, P("batch", "table")))
    run = jax.shard_map(evaluate, mesh=mesh,
                        in_specs=(P("batch", None), P("table", None), P("batch", "table")),
                        out_specs={"queries": P(), "hits": P()})
    out = run(q, items, positives)
    return out["hits"] / out["queries"]


if __name__ == "__main__":
    print(main(*inputs()))
