"""Feature engineering: missing-value imputation features (pipekit assets).

Rows are sharded over `rows`, columns over `feat`. `row_completeness` scores each row by its
fraction of observed columns; `imputation_summary` totals the missing cells across the mesh
for the run log.
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


def mesh_from_env():
    return jax.make_mesh((4, 2), tuple(os.environ.get("FEATURE_MESH_AXES", "rows,feat").split(",")))


@asset(config={"n": 40, "d": 6, "missing_rate": 0.2}, required_resource_keys=("mesh",))
def sparse_table(context):
    cfg = context.op_config
    mesh = context.resources["mesh"]
    key_v, key_m = jax.random.split(jax.random.key(3))
    vals = jax.random.normal(key_v, (cfg["n"], cfg["d"]))
    mask = jax.random.bernoulli(key_m, cfg["missing_rate"], (cfg["n"], cfg["d"]))
    table = jnp.where(mask, jnp.nan, vals)
    return jax.device_put(table, NamedSharding(mesh, P(*mesh.axis_names)))


@asset(required_resource_keys=("mesh",))
def row_completeness(context, sparse_table):
    mesh = context.resources["mesh"]
    row_ax, col_ax = mesh.axis_names
    d = sparse_table.shape[1]

    def completeness(block):
        observed = jnp.sum(~jnp.isnan(block), axis=1).astype(jnp.float32)
        return jax.lax.psum(observed, col_ax) / d

    return jax.shard_map(completeness, mesh=mesh, in_specs=P(row_ax, col_ax),
                         out_specs=P(row_ax))(sparse_table)


@asset(required_resource_keys=("mesh",))
def imputation_summary(context, sparse_table, row_completeness):
    mesh = context.resources["mesh"]
    row_ax, col_ax = mesh.axis_names
    d = sparse_table.shape[1]

    def summary(block, frac):
        missing_per_row = (1.0 - frac) * d
        total_missing = jax.lax.psum(jnp.sum(missing_per_row), mesh.axis_names)
        filled = jnp.where(jnp.isnan(block), 0.0, block)
        col_fill = jax.lax.psum(jnp.sum(filled, axis=0), row_ax)
        return total_missing, col_fill

    fn = jax.shard_map(summary, mesh=mesh, in_specs=(P(row_ax, col_ax), P(row_ax)),
                       out_specs=(P(), P(col_ax)))
    total, col_fill = fn(sparse_table, row_completeness)
    context.log.append(f"missing cells: {total}")
    return {"missing": total, "column_fill": col_fill}


defs = Definitions(assets=[sparse_table, row_completeness, imputation_summary],
                   resources={"mesh": mesh_from_env()})


def inputs():
    return ({"ops": {"sparse_table": {"config": {"missing_rate": 0.1}}}},)


def main(run_config):
    return defs.materialize(run_config)["imputation_summary"]


if __name__ == "__main__":
    main(*inputs())
