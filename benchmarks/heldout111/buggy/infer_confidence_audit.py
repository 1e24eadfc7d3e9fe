"""Batch inference: nightly scoring of the fraud classifier, partitioned by region (pipekit).

Transactions are sharded over `replica`, the classifier's class logits over `tensor`. The
confidence audit keeps the top-class confidence of every tensor shard for the drift dashboard.
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


REGIONS = ("emea", "amer", "apac")


@asset(config={"n_tx": 32, "n_feat": 8}, required_resource_keys=("mesh",))
def transactions(context):
    mesh = context.resources["mesh"]
    seed = REGIONS.index(context.partition_key)
    x = jax.random.normal(jax.random.key(seed), (context.op_config["n_tx"], context.op_config["n_feat"]))
    return jax.device_put(x, NamedSharding(mesh, P("replica", None)))


@asset(config={"n_classes": 8}, required_resource_keys=("mesh",))
def classifier(context, transactions):
    mesh = context.resources["mesh"]
    k = context.op_config["n_classes"]
    w = jnp.sin(jnp.arange(transactions.shape[1] * k, dtype=jnp.float32)).reshape(-1, k)
    return jax.device_put(w, NamedSharding(mesh, P(None, "tensor")))


@asset(required_resource_keys=("mesh",))
def confidence_audit(context, transactions, classifier):
    mesh = context.resources["mesh"]

    def score(x, w):
        logits = x @ w
        top = jax.lax.pmax(jnp.max(logits, axis=-1), "tensor")
        conf = jnp.exp(logits - top[:, None])
        conf = conf / jax.lax.psum(conf.sum(-1, keepdims=True), "tensor")
        top_conf = jax.lax.pmax(jnp.max(conf, axis=-1), "tensor")
        audit = jax.lax.all_gather(top_conf, "tensor", axis=0, to="reduced")
        return conf, audit

    fn = jax.shard_map(score, mesh=mesh, in_specs=(P("replica", None), P(None, "tensor")),
                       out_specs=(P("replica", "tensor"), P(None, "replica", reduced={"tensor"})))
    return fn(transactions, classifier)


defs = Definitions(assets=[transactions, classifier, confidence_audit],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ("apac",)


def main(region):
    probs, audit = defs.materialize({}, partition_key=region)["confidence_audit"]
    return probs


if __name__ == "__main__":
    main(*inputs())
