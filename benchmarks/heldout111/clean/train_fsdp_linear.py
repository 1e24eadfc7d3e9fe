"""Model training: FSDP linear step for the churn scorer (opgraph @op/@job).

The weight is stored sharded over `data`; the step gathers it (reduced, so the cotangent is
reduce-scattered), computes the loss and the data-parallel gradient.
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
def weight(context):
    return jax.device_put(jnp.full((16, 2), 0.05), NamedSharding(context.resources.mesh, P("data", None)))


@op(config_schema={"n": 32}, required_resource_keys={"mesh"})
def examples(context):
    n = context.op_config["n"]
    x = jnp.cos(jnp.arange(n * 16, dtype=jnp.float32).reshape(n, 16))
    return jax.device_put(x, NamedSharding(context.resources.mesh, P("data", None)))


@op(config_schema={"lr": 0.1}, required_resource_keys={"mesh"})
def sgd_step(context, w, x):
    mesh = context.resources.mesh
    lr = context.op_config["lr"]

    def loss(w_shard, xb):
        w_full = jax.lax.all_gather(w_shard, "data", axis=0, tiled=True, to="reduced")
        scores = xb @ w_full
        return jax.lax.pmean(jnp.mean(jax.nn.softplus(scores)), "data")

    f = jax.shard_map(loss, mesh=mesh, in_specs=(P("data", None), P("data", None)), out_specs=P())
    with jax.set_mesh(mesh):
        value, grad = jax.jit(jax.value_and_grad(f))(w, x)
    return value, w - lr * grad


@job(resource_defs={"mesh": jax.make_mesh((8,), ("data",))})
def churn_step():
    sgd_step(weight(), examples())


def inputs():
    return ({"ops": {"sgd_step": {"config": {"lr": 0.5}}}},)


def main(run_config):
    return churn_step.execute_in_process(run_config)["sgd_step"]


if __name__ == "__main__":
    main(*inputs())
