"""Batch inference: per-request confidence audit of the fraud classifier (pipekit assets).

Transactions are sharded over `replica`, class logits over `tensor`. The top-class confidence
is the same on every `tensor` device and varies over `replica`; the audit gathers the request
shards (reduced) for the dashboard.
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


@asset(config={"n": 32}, required_resource_keys=("mesh",))
def requests(context):
    x = jax.random.normal(jax.random.key(8), (context.op_config["n"], 8))
    return jax.device_put(x, NamedSharding(context.resources["mesh"], P("replica", None)))


@asset(required_resource_keys=("mesh",))
def weights(context):
    w = jnp.cos(jnp.arange(64, dtype=jnp.float32)).reshape(8, 8)
    return jax.device_put(w, NamedSharding(context.resources["mesh"], P(None, "tensor")))


@asset(required_resource_keys=("mesh",))
def audit(context, requests, weights):
    mesh = context.resources["mesh"]

    def body(x, w):
        logits = x @ w
        top = jax.lax.pmax(jnp.max(logits, axis=-1), "tensor")
        z = jax.lax.psum(jnp.exp(logits - top[:, None]).sum(-1), "tensor")
        conf = 1.0 / z
        return jax.lax.all_gather(conf, "replica", axis=0, tiled=True, to="reduced")

    out = jax.shard_map(body, mesh=mesh, in_specs=(P("replica", None), P(None, "tensor")),
                        out_specs=P(None, reduced={"replica"}))(requests, weights)
    return np.asarray(out)


defs = Definitions(assets=[requests, weights, audit],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ({},)


def main(run_config):
    return defs.materialize(run_config, partition_key="emea")["audit"]


if __name__ == "__main__":
    main(*inputs())
