"""Feature engineering: click-through rate features with a per-shard max audit (pipekit assets).

Impressions are sharded over `rows`. The audit table of per-shard maximum CTR is gathered
(reduced) and its global peak is compared against the alert threshold.
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


@asset(config={"n": 64}, required_resource_keys=("mesh",))
def impressions(context):
    n = context.op_config["n"]
    clicks = (jnp.arange(n) % 7 == 0).astype(jnp.float32)
    views = jnp.full((n,), 3.0)
    sh = NamedSharding(context.resources["mesh"], P("rows"))
    return jax.device_put(clicks, sh), jax.device_put(views, sh)


@asset(config={"alert_ctr": 0.3}, required_resource_keys=("mesh",))
def ctr_audit(context, impressions):
    mesh = context.resources["mesh"]
    threshold = context.op_config["alert_ctr"]
    clicks, views = impressions

    def body(c, v):
        ctr = c / v
        shard_max = jnp.max(ctr, keepdims=True)
        table = jax.lax.all_gather(shard_max, "rows", axis=0, tiled=True, to="reduced")
        peak = jnp.max(table)
        return ctr, table, (peak > threshold).astype(jnp.int32)

    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("rows"), P("rows")),
                       out_specs=(P("rows"), P(None, reduced={"rows"}), P()))
    return fn(clicks, views)


@asset
def ctr_features(ctr_audit):
    ctr, _, alert = ctr_audit
    return jnp.log1p(ctr), alert


defs = Definitions(assets=[impressions, ctr_audit, ctr_features],
                   resources={"mesh": jax.make_mesh((8,), ("rows",))})


def inputs():
    return ({"ops": {"ctr_audit": {"config": {"alert_ctr": 0.25}}}},)


def main(run_config):
    return defs.materialize(run_config)["ctr_features"]


if __name__ == "__main__":
    main(*inputs())
