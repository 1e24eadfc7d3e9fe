"""Batch inference: per-class score histogram for the moderation model (pipekit assets).

Items are sharded over `replica`, classes over `tensor`. Every device gathers the class scores
(reduced, for the calibration gradient) and the histogram is reduce-scattered back over classes.
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


N_BINS = 4


@asset(required_resource_keys=("mesh",))
def class_scores(context):
    s = jax.nn.sigmoid(jnp.sin(jnp.arange(16 * 8, dtype=jnp.float32)).reshape(16, 8) * 3)
    return jax.device_put(s, NamedSharding(context.resources["mesh"], P("replica", "tensor")))


@asset(config={"class_axis": "tensor"}, required_resource_keys=("mesh",))
def score_histogram(context, class_scores):
    mesh = context.resources["mesh"]
    class_axis = context.op_config["class_axis"]

    def body(s):
        all_classes = jax.lax.all_gather(s, class_axis, axis=1, tiled=True, to="reduced")
        bins = jnp.floor(s * N_BINS).clip(0, N_BINS - 1).astype(jnp.int32)
        hist = jax.lax.psum(jax.nn.one_hot(bins, N_BINS).sum(axis=0), "replica")
        col_tot = jax.lax.psum(all_classes.sum(axis=0), "replica")
        return jax.lax.psum_scatter(col_tot, class_axis, tiled=True), hist

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("replica", class_axis),
                       out_specs=(P(class_axis), P(class_axis, None)))
    return fn(class_scores)


defs = Definitions(assets=[class_scores, score_histogram],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ({},)


def main(run_config):
    return defs.materialize(run_config)["score_histogram"]


if __name__ == "__main__":
    main(*inputs())
