"""Batch inference: per-class score totals for the moderation model (pipekit assets).

The per-class totals are summed over the request shards and reduce-scattered over the class
shards from the local (never gathered) scores.
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


@asset(required_resource_keys=("mesh",))
def class_scores(context):
    s = jax.nn.sigmoid(jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8))
    return jax.device_put(s, NamedSharding(context.resources["mesh"], P("replica", "tensor")))


@asset(config={"class_axis": "tensor"}, required_resource_keys=("mesh",))
def class_totals(context, class_scores):
    mesh = context.resources["mesh"]
    ax = context.op_config["class_axis"]

    def body(s):
        local = jnp.tile(s.sum(axis=0), 4)
        col_tot = jax.lax.psum(local, "replica")
        return jax.lax.psum_scatter(col_tot, ax, tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("replica", ax), out_specs=P(ax))(class_scores)


defs = Definitions(assets=[class_scores, class_totals],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ({},)


def main(run_config):
    return defs.materialize(run_config)["class_totals"]


if __name__ == "__main__":
    main(*inputs())
