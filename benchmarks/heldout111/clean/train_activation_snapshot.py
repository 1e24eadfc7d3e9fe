"""Model training: activation snapshot for the 2D-parallel tabular MLP (opgraph @op/@job).

Batches are sharded over `data`, hidden units over `model`. The summed pre-activations are the
same on every `model` device; the snapshot gathers them over the whole mesh (reduced).
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


@op(required_resource_keys={"mesh"})
def inputs_op(context):
    x = jnp.linspace(-1, 1, 16 * 8).reshape(16, 8)
    return jax.device_put(x, NamedSharding(context.resources.mesh, P("data", "model")))


@op(required_resource_keys={"mesh"})
def snapshot(context, x):
    mesh = context.resources.mesh

    def body(xb):
        pre = jax.lax.psum(xb.sum(axis=1, keepdims=True), "model")
        return jax.lax.all_gather(pre, AXES, axis=0, tiled=True, to="reduced")

    out = jax.shard_map(body, mesh=mesh, in_specs=P(*AXES),
                        out_specs=P(None, None, reduced=set(AXES)))(x)
    return np.asarray(out)


@job(resource_defs={"mesh": jax.make_mesh((4, 2), AXES)})
def mlp_snapshot():
    snapshot(inputs_op())


def inputs():
    return ({},)


def main(run_config):
    return mlp_snapshot.execute_in_process(run_config)["snapshot"]


if __name__ == "__main__":
    main(*inputs())
