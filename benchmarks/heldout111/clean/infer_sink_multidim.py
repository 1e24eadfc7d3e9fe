"""Batch inference: write the scorer's predictions to the warehouse (pipekit assets).

Predictions are sharded (`replica`, `tensor`); the sink gathers both dimensions at once
(`multi_dim=True`) under the context mesh before the writer converts them to rows.
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

SINK = P(None, None, reduced={"replica", "tensor"})


@asset(required_resource_keys=("mesh",))
def scores(context):
    f = jax.jit(lambda: jnp.tanh(jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8) / 50),
                out_shardings=NamedSharding(context.resources["mesh"], P("replica", "tensor")))
    return f()


@asset(required_resource_keys=("mesh",))
def rows(context, scores):
    with jax.set_mesh(context.resources["mesh"]):
        full = top_level_all_gather(scores, SINK, multi_dim=True)
    return [tuple(r) for r in np.asarray(full).tolist()]


defs = Definitions(assets=[scores, rows], resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ({},)


def main(run_config):
    return len(defs.materialize(run_config)["rows"])


if __name__ == "__main__":
    main(*inputs())
