"""Reporting: weekly KPI digest for the leadership dashboard (opgraph @op/@job).

Daily KPI rows are sharded by region over `region` and by KPI over `metric`. The digest op
totals the revenue over the mesh and keeps a copy of the total for every device's report row.
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


KPI_AXES = ("region", "metric")


@op(config_schema={"days": 7, "n_kpis": 8}, required_resource_keys={"mesh"})
def kpi_rows(context):
    d, k = context.op_config["days"] * 2, context.op_config["n_kpis"]
    x = jnp.abs(jnp.sin(jnp.arange(d * k, dtype=jnp.float32))).reshape(d, k) * 1000
    return jax.device_put(x, NamedSharding(context.resources.mesh, P(*KPI_AXES)))


@op(required_resource_keys={"mesh"})
def digest(context, rows):
    mesh = context.resources.mesh

    def body(block):
        grand_total = jax.lax.psum(block.sum(), KPI_AXES)
        per_kpi = jax.lax.psum(block.sum(axis=0), "region")
        copies = jax.lax.all_gather(grand_total, KPI_AXES, to="reduced")
        return per_kpi, copies

    per_kpi, copies = jax.shard_map(body, mesh=mesh, in_specs=P(*KPI_AXES),
                                    out_specs=(P("metric"), P(None, reduced=set(KPI_AXES))))(rows)
    return {"per_kpi": per_kpi, "total": np.asarray(copies)[0]}


@job(resource_defs={"mesh": jax.make_mesh((2, 4), KPI_AXES)})
def weekly_digest():
    digest(kpi_rows())


def inputs():
    return ({"ops": {"kpi_rows": {"config": {"days": 4}}}},)


def main(run_config):
    return weekly_digest.execute_in_process(run_config)["digest"]["per_kpi"]


if __name__ == "__main__":
    main(*inputs())
