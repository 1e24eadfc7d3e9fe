"""Feature engineering: daily bucketised histogram features with drift scores (pipekit assets).

Partitioned by day; rows of the event log are sharded over `rows`, the numeric columns over
`feat`. The drift asset compares today's bucket frequencies against the pooled reference.
"""
import inspect
import os
from dataclasses import dataclass, field
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- minimal asset orchestration (pasted from our internal `pipekit`, dagster-like) ----
_ASSETS = {}


@dataclass
class AssetContext:
    asset_key: str
    op_config: dict
    resources: dict
    partition_key: str | None = None
    log: list = field(default_factory=list)


def asset(fn=None, *, config=None, required_resource_keys=()):
    """Register an asset; upstream assets are the parameters named like other assets."""
    def wrap(f):
        _ASSETS[f.__name__] = {"fn": f, "config": dict(config or {}), "res": tuple(required_resource_keys)}
        return f
    return wrap(fn) if fn is not None else wrap


class Definitions:
    def __init__(self, assets, resources=None):
        self.assets = {a.__name__: _ASSETS[a.__name__] for a in assets}
        self.resources = dict(resources or {})

    def _order(self):
        seen, order = set(), []
        def visit(name):
            if name in seen:
                return
            seen.add(name)
            for p in inspect.signature(self.assets[name]["fn"]).parameters:
                if p in self.assets:
                    visit(p)
            order.append(name)
        for name in self.assets:
            visit(name)
        return order

    def materialize(self, run_config=None, partition_key=None):
        run_config = run_config or {}
        values = {}
        for name in self._order():
            spec = self.assets[name]
            kwargs = {}
            for p in inspect.signature(spec["fn"]).parameters:
                if p == "context":
                    cfg = {**spec["config"], **run_config.get("ops", {}).get(name, {}).get("config", {})}
                    kwargs[p] = AssetContext(name, cfg, {k: self.resources[k] for k in spec["res"]},
                                             partition_key)
                elif p in values:
                    kwargs[p] = values[p]
            values[name] = spec["fn"](**kwargs)
        return values
# ---- end pipekit ----


N_BUCKETS = 6
PARTITIONS = ["2026-11-29", "2026-11-30", "2026-12-01"]


@dataclass(frozen=True)
class ShardingResource:
    row_axis: str = "rows"
    col_axis: str = "feat"

    def mesh(self):
        return jax.make_mesh((4, 2), (self.row_axis, self.col_axis))


@asset(config={"n_events": 48, "n_cols": 4}, required_resource_keys=("sharding",))
def event_log(context):
    sh = context.resources["sharding"]
    day = PARTITIONS.index(context.partition_key)
    key = jax.random.key(100 + day)
    x = jax.random.uniform(key, (context.op_config["n_events"], context.op_config["n_cols"]))
    return jax.device_put(x, NamedSharding(sh.mesh(), P(sh.row_axis, sh.col_axis)))


@asset(required_resource_keys=("sharding",))
def bucket_counts(context, event_log):
    sh = context.resources["sharding"]
    edges = jnp.linspace(0.0, 1.0, N_BUCKETS + 1)[1:-1]

    def count(block):
        idx = jnp.sum(block[:, :, None] > edges[None, None, :], axis=-1)
        onehot = (idx[:, :, None] == jnp.arange(N_BUCKETS)[None, None, :]).astype(jnp.float32)
        return onehot.sum(axis=0)

    fn = jax.shard_map(count, mesh=sh.mesh(), in_specs=P(sh.row_axis, sh.col_axis),
                       out_specs=P(sh.col_axis, None, unreduced={sh.row_axis}))
    return fn(event_log)


@asset(config={"smoothing": 0.5}, required_resource_keys=("sharding",))
def drift_scores(context, bucket_counts, event_log):
    sh = context.resources["sharding"]
    alpha = context.op_config["smoothing"]

    def score(counts_unreduced, block):
        local = jax.nn.one_hot(jnp.floor(block * N_BUCKETS).astype(jnp.int32), N_BUCKETS).sum(0)
        per_shard = jax.lax.all_gather(local, sh.row_axis, axis=0, tiled=False, to="reduced")
        ref = jax.lax.psum(per_shard, sh.row_axis).sum(axis=0)
        p = (local + alpha) / (local + alpha).sum(-1, keepdims=True)
        q = (ref + alpha) / (ref + alpha).sum(-1, keepdims=True)
        return jnp.sum(p * jnp.log(p / q), axis=-1)[None, :]

    fn = jax.shard_map(score, mesh=sh.mesh(),
                       in_specs=(P(sh.col_axis, None, unreduced={sh.row_axis}), P(sh.row_axis, sh.col_axis)),
                       out_specs=P(sh.row_axis, sh.col_axis))
    return fn(bucket_counts, event_log)


defs = Definitions(assets=[event_log, bucket_counts, drift_scores],
                   resources={"sharding": ShardingResource()})


def inputs():
    return (PARTITIONS[-1],)


def main(partition_key):
    return defs.materialize({}, partition_key=partition_key)["drift_scores"]


if __name__ == "__main__":
    main(*inputs())
