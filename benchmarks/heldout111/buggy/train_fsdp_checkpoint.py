"""Model training: FSDP-style MLP step for the demand forecaster (opgraph @op/@job).

Weights are stored sharded over `data` (rows) and `model` (columns). The step unshards them
just in time: first over `data` (reduced, so their gradients come back reduce-scattered), then
a second gather assembles the full matrix for the activation-checkpoint copy.
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


AXES = ("data", "model")


def unshard(w, axes, axis):
    return jax.lax.all_gather(w, axes, axis=axis, tiled=True, to="reduced")


@op(config_schema={"hidden": 16, "inp": 8}, required_resource_keys={"mesh"})
def init_params(context):
    mesh = context.resources.mesh
    h, i = context.op_config["hidden"], context.op_config["inp"]
    w = jax.random.normal(jax.random.key(0), (i, h)) * 0.1
    return jax.device_put(w, NamedSharding(mesh, P(*AXES)))


@op(required_resource_keys={"mesh"})
def batch(context):
    x = jnp.ones((16, 8))
    return jax.device_put(x, NamedSharding(context.resources.mesh, P("data", None)))


@op(required_resource_keys={"mesh"})
def forward_step(context, w, x):
    mesh = context.resources.mesh
    data_axis, model_axis = AXES

    def step(w_shard, xb):
        w_rows = unshard(w_shard, data_axis, axis=0)
        h = jnp.tanh(xb @ w_rows)
        w_ckpt = unshard(w_rows, (model_axis, data_axis), axis=1)
        return h, w_ckpt

    fn = jax.shard_map(step, mesh=mesh, in_specs=(P(*AXES), P("data", None)),
                       out_specs=(P("data", "model"), P(None, None, reduced=set(AXES))))
    return fn(w, x)


@job(resource_defs={"mesh": jax.make_mesh((4, 2), AXES)})
def forecaster_step():
    forward_step(init_params(), batch())


def inputs():
    return ({},)


def main(run_config):
    return click_out(forecaster_step.execute_in_process(run_config))


def click_out(outputs):
    h, w_ckpt = outputs["forward_step"]
    return h.sum() + w_ckpt.sum()


if __name__ == "__main__":
    main(*inputs())
