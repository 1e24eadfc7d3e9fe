"""Feature engineering: online feature view for the serving cache (pipekit assets).

The serving view keeps the row sharding and gathers the feature columns, listing the gathered
axis in `reduced=`, under the context mesh.
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
from jax._src.shard_map import top_level_all_gather


class ServingLayout:
    offline = P("rows", "feat")
    serving = P("rows", None, reduced={"feat"})


@asset(config={"n_users": 16, "dim": 8}, required_resource_keys=("mesh",))
def offline_features(context):
    n, d = context.op_config["n_users"], context.op_config["dim"]
    feats = jnp.sin(jnp.arange(n * d, dtype=jnp.float32).reshape(n, d) / 7.0)
    return jax.device_put(feats, NamedSharding(context.resources["mesh"], ServingLayout.offline))


@asset(required_resource_keys=("mesh",))
def serving_view(context, offline_features):
    with jax.set_mesh(context.resources["mesh"]):
        view = top_level_all_gather(offline_features, ServingLayout.serving)
        return jax.reshard(view, P("rows", None))


defs = Definitions(assets=[offline_features, serving_view],
                   resources={"mesh": jax.make_mesh((4, 2), ("rows", "feat"))})


def inputs():
    return ({"ops": {"offline_features": {"config": {"n_users": 32}}}},)


def main(run_config):
    return defs.materialize(run_config)["serving_view"]


if __name__ == "__main__":
    main(*inputs())
