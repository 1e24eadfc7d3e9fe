"""Model training: checkpoint export of the 3-axis sharded embedding table (opgraph).

The table rows are sharded over ("data", "fsdp") and its columns over `model`. The export op
keeps the row sharding over `fsdp` for the per-host checkpoint shards and gathers the rest.
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

TABLE_SPEC = P(("data", "fsdp"), "model")
CHECKPOINT_SPEC = P("fsdp", None, reduced={"data", "model"})


@op(required_resource_keys={"mesh"})
def init_table(context):
    mesh = context.resources.mesh
    table_init = jax.jit(lambda: jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8),
                         out_shardings=NamedSharding(mesh, TABLE_SPEC))
    return table_init()


@op(config_schema={"step": 0}, required_resource_keys={"mesh"})
def export_checkpoint(context, table):
    mesh = context.resources.mesh
    with jax.set_mesh(mesh):
        shards = top_level_all_gather(table, CHECKPOINT_SPEC)
    return {"step": context.op_config["step"], "table": shards}


@job(resource_defs={"mesh": jax.make_mesh((2, 2, 2), ("data", "fsdp", "model"))})
def export_job():
    export_checkpoint(init_table())


def inputs():
    return ({"ops": {"export_checkpoint": {"config": {"step": 1200}}}},)


def main(run_config):
    return export_job.execute_in_process(run_config)["export_checkpoint"]["table"]


if __name__ == "__main__":
    main(*inputs())
