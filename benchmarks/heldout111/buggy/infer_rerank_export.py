"""Batch inference: ranking logits export for the recommender (pipekit assets).

Requests are sharded over `replica`, the candidate logits over `tensor`. The export asset first
assembles each request's full candidate row (reduced gather over `tensor`) for the re-ranker,
then the whole request table for the offline logger.
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


@dataclass
class ExportPlan:
    request_axis: str = "replica"
    candidate_axis: str = "tensor"

    @property
    def table_axes(self):
        return (self.request_axis, self.candidate_axis)


@asset(required_resource_keys=("mesh",))
def candidate_logits(context):
    x = jnp.cos(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8)
    return jax.device_put(x, NamedSharding(context.resources["mesh"], P("replica", "tensor")))


@asset(required_resource_keys=("mesh", "plan"))
def reranker_rows(context, candidate_logits):
    mesh, plan = context.resources["mesh"], context.resources["plan"]

    def body(block):
        rows = jax.lax.all_gather(block, plan.candidate_axis, axis=1, tiled=True, to="reduced")
        pinned = rows[:, :2]
        table = jax.lax.all_gather(rows, plan.table_axes, axis=0, tiled=True, to="reduced")
        return pinned, table

    fn = jax.shard_map(body, mesh=mesh, in_specs=P(*plan.table_axes),
                       out_specs=(P(plan.request_axis, None, reduced={plan.candidate_axis}), P(None, None, reduced=set(plan.table_axes))))
    return fn(candidate_logits)


defs = Definitions(assets=[candidate_logits, reranker_rows],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor")), "plan": ExportPlan()})


def inputs():
    return ({},)


def main(run_config):
    pinned, _ = defs.materialize(run_config)["reranker_rows"]
    return np.asarray(pinned)


if __name__ == "__main__":
    main(*inputs())
