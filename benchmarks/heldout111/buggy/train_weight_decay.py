"""Model training: decoupled weight decay for the FSDP tabular transformer (opgraph).

The projection is stored sharded over `fsdp`; the update op gathers it (reduced), applies the
AdamW-style decay and the gradient, and writes back the local shard.
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


@op(config_schema={"d_in": 16, "d_out": 4}, required_resource_keys={"mesh"})
def projection(context):
    mesh = context.resources.mesh
    w = jnp.ones((context.op_config["d_in"], context.op_config["d_out"])) * 0.2
    return jax.device_put(w, NamedSharding(mesh, P("fsdp", None)))


@op(required_resource_keys={"mesh"})
def gradient(context, w):
    return jax.device_put(jnp.full(w.shape, 0.01), NamedSharding(context.resources.mesh, P("fsdp", None)))


@op(config_schema={"lr": 1e-2, "weight_decay": 0.1}, required_resource_keys={"mesh"})
def adamw_update(context, w, g):
    mesh = context.resources.mesh
    lr, wd = context.op_config["lr"], context.op_config["weight_decay"]

    def update(w_shard, g_shard):
        w_full = jax.lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="reduced")
        decayed = w_full * (1.0 - lr * wd)
        idx = jax.lax.axis_index("fsdp")
        rows = w_shard.shape[0]
        mine = jax.lax.dynamic_slice_in_dim(decayed, idx * rows, rows, axis=0)
        return mine - lr * g_shard

    return jax.shard_map(update, mesh=mesh, in_specs=(P("fsdp", None), P("fsdp", None)),
                         out_specs=P("fsdp", None))(w, g)


@job(resource_defs={"mesh": jax.make_mesh((8,), ("fsdp",))})
def tabular_update():
    w = projection()
    adamw_update(w, gradient(w))


def inputs():
    return ({"ops": {"adamw_update": {"config": {"weight_decay": 0.05}}}},)


def main(run_config):
    return tabular_update.execute_in_process(run_config)["adamw_update"]


if __name__ == "__main__":
    main(*inputs())
