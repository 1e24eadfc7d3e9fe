"""Reporting: SLA attainment report per region and service (opgraph @op/@job).

Latency samples are sharded by region over `region` and by service over `metric`. The report
gathers the attainment matrix for the PDF renderer; its layout comes from the op config.
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
from jax._src.shard_map import top_level_all_gather


def spec_from_config(entries, reduced=()):
    return P(*[None if e == "-" else e for e in entries], reduced=set(reduced))


@op(required_resource_keys={"mesh"})
def attainment(context):
    a = (jnp.arange(8 * 8, dtype=jnp.float32).reshape(8, 8) % 10) / 10.0
    return jax.device_put(a, NamedSharding(context.resources.mesh, P("region", "metric")))


@op(config_schema={"layout": ["-", "metric"], "reduced": []}, required_resource_keys={"mesh"})
def render_matrix(context, a):
    mesh = context.resources.mesh
    spec = spec_from_config(context.op_config["layout"], context.op_config["reduced"])
    with jax.set_mesh(mesh):
        matrix = top_level_all_gather(a, spec)
    return np.asarray(matrix).round(2)


@job(resource_defs={"mesh": jax.make_mesh((2, 4), ("region", "metric"))})
def sla_report():
    render_matrix(attainment())


def inputs():
    return ({"ops": {"render_matrix": {"config": {"layout": ["-", "metric"]}}}},)


def main(run_config):
    return sla_report.execute_in_process(run_config)["render_matrix"]


if __name__ == "__main__":
    main(*inputs())
