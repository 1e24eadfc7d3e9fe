"""Model training: gradient all-reduce for the 2D-parallel MLP head (opgraph @op/@job).

Activations are sharded over `data` and the hidden units over `model`. The gradient op
computes the local gradient tree and all-reduces every leaf over the whole mesh.
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


MESH = jax.make_mesh((4, 2), ("data", "model"))
PARAM_SPECS = {"w": P(None, "model"), "b": P()}


@op
def params():
    w = jnp.full((8, 6), 0.1)
    return {"w": jax.device_put(w, NamedSharding(MESH, PARAM_SPECS["w"])),
            "b": jax.device_put(jnp.zeros(()), NamedSharding(MESH, PARAM_SPECS["b"]))}


@op(config_schema={"batch": 16})
def minibatch(context):
    n = context.op_config["batch"]
    x = jnp.arange(n * 8, dtype=jnp.float32).reshape(n, 8) / (n * 8)
    y = jnp.ones((n,))
    return (jax.device_put(x, NamedSharding(MESH, P("data", None))),
            jax.device_put(y, NamedSharding(MESH, P("data"))))


@op(config_schema={"axes": ["data", "model"]})
def all_reduce_grads(context, p, mb):
    axes = tuple(context.op_config["axes"])
    x, y = mb

    def grads(pp, xb, yb):
        h = jnp.tanh(xb @ pp["w"])
        pred = jax.lax.psum(h.sum(axis=1), "model") + pp["b"]
        err = pred - yb
        g_w = xb.T @ (err[:, None] * (1 - h * h))
        g_b = jnp.sum(err)
        local = {"w": g_w, "b": g_b}
        return jax.tree.map(lambda g: jax.lax.psum(g, axes), local)

    fn = jax.shard_map(grads, mesh=MESH, in_specs=(PARAM_SPECS, P("data", None), P("data")),
                       out_specs=PARAM_SPECS)
    return fn(p, x, y)


@job
def mlp_head_grads():
    all_reduce_grads(params(), minibatch())


def inputs():
    return ({"ops": {"minibatch": {"config": {"batch": 32}}}},)


def main(run_config):
    return mlp_head_grads.execute_in_process(run_config)["all_reduce_grads"]


if __name__ == "__main__":
    main(*inputs())
