"""Reporting: regional revenue breakdown for the finance report (opgraph @op/@job).

Transactions are sharded over `region`. The op builds the region revenue table (reduced gather,
so the attribution model downstream can take gradients) and re-gathers it for the per-device
CSV writers.
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


@op(config_schema={"n": 32}, required_resource_keys={"mesh"})
def transactions(context):
    n = context.op_config["n"]
    amounts = (jnp.arange(n, dtype=jnp.float32) % 9) * 12.5
    return jax.device_put(amounts, NamedSharding(context.resources.mesh, P("region")))


@op(required_resource_keys={"mesh"})
def revenue_breakdown(context, amounts):
    mesh = context.resources.mesh

    def body(a):
        revenue = jnp.sum(a, keepdims=True)
        table = jax.lax.all_gather(revenue, "region", axis=0, tiled=True, to="reduced")
        writer_copy = jax.lax.all_gather(table, "region", axis=0, tiled=False)
        return table, writer_copy

    table, copies = jax.shard_map(body, mesh=mesh, in_specs=P("region"),
                                  out_specs=(P(None, reduced={"region"}), P("region", None)))(amounts)
    return np.asarray(table)


@job(resource_defs={"mesh": jax.make_mesh((8,), ("region",))})
def finance_report():
    revenue_breakdown(transactions())


def inputs():
    return ({"ops": {"transactions": {"config": {"n": 64}}}},)


def main(run_config):
    return finance_report.execute_in_process(run_config)["revenue_breakdown"]


if __name__ == "__main__":
    main(*inputs())
