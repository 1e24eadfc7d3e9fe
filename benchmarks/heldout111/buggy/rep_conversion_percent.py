"""Reporting: conversion-rate table in percent for the marketing report (opgraph @op/@job).

Campaign rows are sharded by region over `region` and by channel over `metric`. The op gathers
the channel conversion rates over the regions (reduced, for the attribution gradient) and
formats them as percentages.
"""
import inspect
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- op/job graph runner (pasted from `opgraph`, our dagster-flavoured local executor) ----
class _Out:
    def __init__(self, node, index=None):
        self.node, self.index = node, index

    def __iter__(self):  # multi-output ops unpack into handles
        return iter(_Out(self.node, i) for i in range(self.node.op.n_out))


class _Node:
    def __init__(self, op, args, kwargs):
        self.op, self.args, self.kwargs = op, args, kwargs


@dataclass
class OpContext:
    op_config: dict
    resources: object
    run_id: str = "local"


class _Resources:
    def __init__(self, d):
        self.__dict__.update(d)


class op:
    _building = None

    def __init__(self, fn=None, *, config_schema=None, required_resource_keys=(), out=1):
        self.config_schema = dict(config_schema or {})
        self.required_resource_keys = set(required_resource_keys)
        self.n_out = out
        self.fn = None
        if fn is not None:
            self._bind(fn)

    def _bind(self, fn):
        self.fn, self.name = fn, fn.__name__
        return self

    def __call__(self, *args, **kwargs):
        if self.fn is None:
            return self._bind(args[0])
        node = _Node(self, args, kwargs)
        op._building.append(node)
        return _Out(node)


class job:
    def __init__(self, fn=None, *, resource_defs=None, config=None):
        self.resource_defs = dict(resource_defs or {})
        self.default_config = config or {}
        self.fn = fn

    def __call__(self, fn):
        self.fn = fn
        return self

    def execute_in_process(self, run_config=None):
        run_config = run_config or self.default_config
        op._building = nodes = []
        self.fn()
        op._building = None
        results = {}

        def value(a):
            if isinstance(a, _Out):
                v = results[id(a.node)]
                return v if a.index is None else v[a.index]
            return a

        outputs = {}
        for node in nodes:  # the job body built them in dependency order
            cfg = {**node.op.config_schema, **run_config.get("ops", {}).get(node.op.name, {}).get("config", {})}
            res = _Resources({k: self.resource_defs[k] for k in node.op.required_resource_keys})
            params = inspect.signature(node.op.fn).parameters
            args = [value(a) for a in node.args]
            kwargs = {k: value(v) for k, v in node.kwargs.items()}
            if "context" in params:
                args.insert(0, OpContext(cfg, res))
            results[id(node)] = node.op.fn(*args, **kwargs)
            outputs[node.op.name] = results[id(node)]
        return outputs
# ---- end opgraph ----


@op(required_resource_keys={"mesh"})
def campaigns(context):
    conv = (jnp.arange(8 * 8) % 5).astype(jnp.float32).reshape(8, 8)
    visits = jnp.full((8, 8), 20.0)
    sh = NamedSharding(context.resources.mesh, P("region", "metric"))
    return jax.device_put(conv, sh), jax.device_put(visits, sh)


@op(config_schema={"decimals": 1}, required_resource_keys={"mesh"})
def conversion_percent(context, data):
    mesh = context.resources.mesh
    conv, visits = data

    def body(c, v):
        rate = c.sum(axis=0, keepdims=True) / v.sum(axis=0, keepdims=True)
        table = jax.lax.all_gather(rate, "region", axis=0, tiled=True, to="reduced")
        return table * 100.0

    out = jax.shard_map(body, mesh=mesh, in_specs=(P("region", "metric"), P("region", "metric")),
                        out_specs=P(None, "metric", reduced={"region"}))(conv, visits)
    return np.asarray(out).round(context.op_config["decimals"])


@job(resource_defs={"mesh": jax.make_mesh((2, 4), ("region", "metric"))})
def marketing_report():
    conversion_percent(campaigns())


def inputs():
    return ({"ops": {"conversion_percent": {"config": {"decimals": 2}}}},)


def main(run_config):
    return marketing_report.execute_in_process(run_config)["conversion_percent"]


if __name__ == "__main__":
    main(*inputs())
