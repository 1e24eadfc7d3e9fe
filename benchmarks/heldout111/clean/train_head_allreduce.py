"""Model training: gradient all-reduce for the 2D-parallel scorer head (opgraph @op/@job).

Examples are sharded over `data`, hidden units over `model`. The bias gradient does not vary
over `model`, so it is cast to varying before the tree-wide all-reduce over both axes
(keeping the old sum-over-both-axes semantics the optimizer was tuned with).
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
SPECS = {"w": P(None, "model"), "b": P()}


@op
def head_params():
    return {"w": jax.device_put(jnp.full((6, 4), 0.2), NamedSharding(MESH, SPECS["w"])),
            "b": jax.device_put(jnp.ones(()), NamedSharding(MESH, SPECS["b"]))}


@op(config_schema={"n": 16})
def batch(context):
    n = context.op_config["n"]
    x = jnp.linspace(0, 1, n * 6).reshape(n, 6)
    return jax.device_put(x, NamedSharding(MESH, P("data", None)))


@op(config_schema={"axes": ["data", "model"]})
def grads(context, p, x):
    axes = tuple(context.op_config["axes"])

    def body(pp, xb):
        h = jax.nn.relu(xb @ pp["w"])
        out = jax.lax.psum(h.sum(axis=1), "model") + pp["b"]
        g = {"w": xb.T @ (out[:, None] * (h > 0)), "b": jnp.sum(out)}
        g["b"] = jax.lax.pcast(g["b"], "model", to="varying")
        return jax.tree.map(lambda leaf: jax.lax.psum(leaf, axes), g)

    return jax.shard_map(body, mesh=MESH, in_specs=(SPECS, P("data", None)), out_specs=SPECS)(p, x)


@job
def scorer_grads():
    grads(head_params(), batch())


def inputs():
    return ({"ops": {"batch": {"config": {"n": 24}}}},)


def main(run_config):
    return scorer_grads.execute_in_process(run_config)["grads"]


if __name__ == "__main__":
    main(*inputs())
