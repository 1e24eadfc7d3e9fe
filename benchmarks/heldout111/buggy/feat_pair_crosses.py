"""Feature engineering: pairwise feature crosses for the ranking model (pipekit assets).

Embedding-bag style dense features are sharded rows x feat; the cross asset needs every
column of a row block, and the crossing table is gathered for the offline feature report.
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


AXES = {"batch": "rows", "features": "feat"}


@asset(config={"rows": 32, "cols": 8}, required_resource_keys=("mesh",))
def dense_features(context):
    mesh = context.resources["mesh"]
    r, c = context.op_config["rows"], context.op_config["cols"]
    x = jnp.linspace(-1.0, 1.0, r * c, dtype=jnp.float32).reshape(r, c)
    return jax.device_put(x, NamedSharding(mesh, P(AXES["batch"], AXES["features"])))


def _full_width(block, axes):
    """Gather a block over `axes` along its last dimension (reduced: the grad stays local)."""
    return jax.lax.all_gather(block, axes, axis=1, tiled=True, to="reduced")


@asset(config={"report_rows": 4}, required_resource_keys=("mesh",))
def feature_crosses(context, dense_features):
    mesh = context.resources["mesh"]
    keep = context.op_config["report_rows"]
    b, f = AXES["batch"], AXES["features"]

    def cross(block):
        wide = _full_width(block, f)
        head = wide[:keep]
        pair = (head[:, :, None] * head[:, None, :]).reshape(keep, -1)
        return _full_width(pair, (b, f))

    fn = jax.shard_map(cross, mesh=mesh, in_specs=P(b, f),
                       out_specs=P(None, None, reduced={b, f}))
    return fn(dense_features)


@asset
def cross_report(feature_crosses):
    crosses = np.asarray(feature_crosses)
    return {"mean": float(crosses.mean()), "max": float(crosses.max())}


defs = Definitions(
    assets=[dense_features, feature_crosses, cross_report],
    resources={"mesh": jax.make_mesh((4, 2), (AXES["batch"], AXES["features"]))},
)


def inputs():
    return ({"ops": {"feature_crosses": {"config": {"report_rows": 2}}}},)


def main(run_config):
    return defs.materialize(run_config)["cross_report"]


if __name__ == "__main__":
    main(*inputs())
