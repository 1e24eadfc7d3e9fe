"""Feature engineering: target encoding of a categorical column (pipekit assets).

Rows of the training log are sharded over `rows`; the per-category statistics are computed
per shard and gathered so that the encoder asset sees every shard's counts.
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


N_CATEGORIES = 8
PRIOR_WEIGHT = 20.0


@asset(config={"n_rows": 64, "seed": 5}, required_resource_keys=("mesh",))
def training_log(context):
    mesh = context.resources["mesh"]
    k1, k2 = jax.random.split(jax.random.key(context.op_config["seed"]))
    n = context.op_config["n_rows"]
    cats = jax.random.randint(k1, (n,), 0, N_CATEGORIES)
    labels = jax.random.bernoulli(k2, 0.3, (n,)).astype(jnp.float32)
    sh = NamedSharding(mesh, P("rows"))
    return jax.device_put(cats, sh), jax.device_put(labels, sh)


@asset(required_resource_keys=("mesh",))
def category_stats(context, training_log):
    mesh = context.resources["mesh"]
    cats, labels = training_log

    def shard_stats(c, y):
        onehot = jax.nn.one_hot(c, N_CATEGORIES)
        counts = onehot.sum(axis=0)
        positives = (onehot * y[:, None]).sum(axis=0)
        stats = jnp.stack([counts, positives])[None]
        return jax.lax.all_gather(stats, "rows", axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(shard_stats, mesh=mesh, in_specs=(P("rows"), P("rows")),
                       out_specs=P(None, None, None, reduced={"rows"}))
    return fn(cats, labels)


@asset(required_resource_keys=("mesh",))
def target_encoder(context, category_stats, training_log):
    mesh = context.resources["mesh"]
    _, labels = training_log
    prior = jnp.mean(labels)

    def encode(stats, p):
        counts = stats[:, 0].sum(axis=0)
        positives = stats[:, 1].sum(axis=0)
        return (positives + PRIOR_WEIGHT * p) / (counts + PRIOR_WEIGHT)

    fn = jax.shard_map(encode, mesh=mesh,
                       in_specs=(P(None, None, None, reduced={"rows"}), P()),
                       out_specs=P(reduced={"rows"}))
    return fn(category_stats, prior)


defs = Definitions(assets=[training_log, category_stats, target_encoder],
                   resources={"mesh": jax.make_mesh((8,), ("rows",))})


def inputs():
    return ({"ops": {"training_log": {"config": {"seed": 9}}}},)


def main(run_config):
    return defs.materialize(run_config)["target_encoder"]


if __name__ == "__main__":
    main(*inputs())
