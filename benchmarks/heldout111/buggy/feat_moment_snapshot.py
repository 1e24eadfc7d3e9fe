"""Feature engineering: standardised numeric features for the churn model, as pipekit assets.

The raw table is sharded by customer rows over `rows` and by feature columns over `feat`.
Assets: raw_table -> column_moments -> moment_snapshot -> standardized_features.
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


def mesh_resource():
    shape = tuple(int(s) for s in os.environ.get("CHURN_MESH", "4,2").split(","))
    return jax.make_mesh(shape, ("rows", "feat"))


@asset(config={"n_customers": 64, "n_features": 12, "seed": 7}, required_resource_keys=("mesh",))
def raw_table(context):
    cfg = context.op_config
    mesh = context.resources["mesh"]
    rng = np.random.default_rng(cfg["seed"])
    table = rng.lognormal(0.0, 1.0, size=(cfg["n_customers"], cfg["n_features"])).astype(np.float32)
    return jax.device_put(jnp.asarray(table), NamedSharding(mesh, P("rows", "feat")))


@asset(config={"row_axis": "rows", "col_axis": "feat"}, required_resource_keys=("mesh",))
def column_moments(context, raw_table):
    row_axis = context.op_config["row_axis"]
    col_axis = context.op_config["col_axis"]
    mesh = context.resources["mesh"]
    n = raw_table.shape[0]

    def moments(block):
        s1 = jax.lax.psum(block.sum(axis=0), row_axis)
        s2 = jax.lax.psum((block * block).sum(axis=0), row_axis)
        mean = s1 / n
        var = s2 / n - mean * mean
        return mean, jnp.sqrt(var + 1e-6)

    fn = jax.shard_map(moments, mesh=mesh, in_specs=P(row_axis, col_axis),
                       out_specs=(P(col_axis), P(col_axis)))
    return fn(raw_table)


@asset(config={"row_axis": "rows", "col_axis": "feat"}, required_resource_keys=("mesh",))
def moment_snapshot(context, column_moments):
    """Per-row-shard copy of the moments, kept with the feature store version for audits."""
    mesh = context.resources["mesh"]
    row_axis = context.op_config["row_axis"]
    col_axis = context.op_config["col_axis"]
    mean, std = column_moments

    def snapshot(m, s):
        stacked = jnp.stack([m, s], axis=0)
        stacked = jax.lax.psum(stacked, row_axis) / mesh.shape[row_axis]
        return jax.lax.all_gather(stacked, row_axis, axis=0, to="reduced")

    fn = jax.shard_map(snapshot, mesh=mesh, in_specs=(P(col_axis), P(col_axis)),
                       out_specs=P(None, None, col_axis, reduced={row_axis}))
    return fn(mean, std)


@asset(required_resource_keys=("mesh",))
def standardized_features(context, raw_table, column_moments):
    mean, std = column_moments
    z = (raw_table - mean[None, :]) / std[None, :]
    return jnp.clip(z, -5.0, 5.0)


defs = Definitions(
    assets=[raw_table, column_moments, moment_snapshot, standardized_features],
    resources={"mesh": mesh_resource()},
)


def inputs():
    return ({"ops": {"raw_table": {"config": {"seed": 11}}}},)


def main(run_config):
    out = defs.materialize(run_config, partition_key="2026-12-01")
    return out["standardized_features"], out["moment_snapshot"]


if __name__ == "__main__":
    main(*inputs())
