"""Feature engineering: robust scaling features with an audit copy of the quantiles (pipekit).

Rows are sharded over `rows`, columns over `feat`. The audit copy of the per-shard quantiles is
gathered over the row shards (reduced); `scaled_features` uses the pooled statistics.
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


@asset(config={"n": 64, "d": 8}, required_resource_keys=("mesh",))
def raw_columns(context):
    mesh = context.resources["mesh"]
    x = jax.random.gamma(jax.random.key(2), 2.0, (context.op_config["n"], context.op_config["d"]))
    return jax.device_put(x, NamedSharding(mesh, P("rows", "feat")))


@asset(config={"row_axis": "rows"}, required_resource_keys=("mesh",))
def shard_quantiles(context, raw_columns):
    mesh = context.resources["mesh"]
    row_axis = context.op_config["row_axis"]

    def body(block):
        q = jnp.quantile(block, jnp.array([0.25, 0.5, 0.75]), axis=0)[None]
        audit = jax.lax.all_gather(q, row_axis, axis=0, tiled=True, to="reduced")
        spread = audit * audit
        pooled = jax.lax.pmean(q[0], row_axis)
        return audit, spread, pooled

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(row_axis, "feat"),
                       out_specs=(P(None, None, "feat", reduced={row_axis}),
                                  P(None, None, "feat", reduced={row_axis}),
                                  P(None, "feat")))
    return fn(raw_columns)


@asset
def scaled_features(raw_columns, shard_quantiles):
    _, _, pooled = shard_quantiles
    iqr = pooled[2] - pooled[0]
    return (raw_columns - pooled[1][None, :]) / (iqr[None, :] + 1e-6)


defs = Definitions(assets=[raw_columns, shard_quantiles, scaled_features],
                   resources={"mesh": jax.make_mesh((4, 2), ("rows", "feat"))})


def inputs():
    return ({"ops": {"raw_columns": {"config": {"n": 32}}}},)


def main(run_config):
    return defs.materialize(run_config)["scaled_features"]


if __name__ == "__main__":
    main(*inputs())
