"""Batch inference: abstention rate of the triage model per partition (pipekit assets).

Requests are sharded over `replica`, the class logits over `tensor`. A request abstains when
its max probability is below the threshold; the rate is summed over the whole mesh.
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
def triage_logits(context):
    n = context.op_config["n"]
    x = jnp.cos(jnp.arange(n * 8, dtype=jnp.float32) * 0.7).reshape(n, 8) * 4
    return jax.device_put(x, NamedSharding(context.resources["mesh"], P("replica", "tensor")))


@asset(config={"threshold": 0.5}, required_resource_keys=("mesh",))
def abstention_rate(context, triage_logits):
    mesh = context.resources["mesh"]
    thr = context.op_config["threshold"]
    n = triage_logits.shape[0]

    def body(logits):
        m = jax.lax.pmax(jnp.max(logits, axis=1), "tensor")
        z = jax.lax.psum(jnp.exp(logits - m[:, None]).sum(axis=1), "tensor")
        abstain = (1.0 / z < thr).astype(jnp.float32)
        return jax.lax.psum(abstain.sum(), ("replica", "tensor")) / n

    return jax.shard_map(body, mesh=mesh, in_specs=P("replica", "tensor"), out_specs=P())(triage_logits)


defs = Definitions(assets=[triage_logits, abstention_rate],
                   resources={"mesh": jax.make_mesh((2, 4), ("replica", "tensor"))})


def inputs():
    return ({"ops": {"abstention_rate": {"config": {"threshold": 0.4}}}},)


def main(run_config):
    return defs.materialize(run_config)["abstention_rate"]


if __name__ == "__main__":
    main(*inputs())
