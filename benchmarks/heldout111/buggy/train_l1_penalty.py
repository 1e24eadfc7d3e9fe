"""Model training: ZeRO-1 step with L1 regularisation for the sparse ranker (opgraph).

The embedding matrix is stored sharded over `data`; each step gathers it (reduced, so the
gradient is reduce-scattered back) and adds the L1 penalty of the full matrix to the loss.
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


@dataclass(frozen=True)
class Hparams:
    l1: float = 1e-3
    lr: float = 0.1


@op(required_resource_keys={"mesh"})
def weights(context):
    mesh = context.resources.mesh
    w = jnp.linspace(-1, 1, 32 * 4).reshape(32, 4)
    return jax.device_put(w, NamedSharding(mesh, P(mesh.axis_names[0], None)))


@op(required_resource_keys={"mesh"})
def features(context):
    mesh = context.resources.mesh
    x = jnp.ones((16, 32)) / 32.0
    return jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names[0], None)))


@op(config_schema={"l1": 1e-3}, required_resource_keys={"mesh", "hparams"})
def regularised_loss(context, w, x):
    mesh = context.resources.mesh
    (dp,) = mesh.axis_names
    l1 = context.op_config["l1"]

    def loss_fn(w_shard, xb):
        w_full = jax.lax.all_gather(w_shard, dp, axis=0, tiled=True, to="reduced")
        scores = xb @ w_full
        data_loss = jax.lax.pmean(jnp.mean(scores ** 2), dp)
        penalty = jax.lax.psum(jnp.sum(jnp.abs(w_full)), dp)
        return data_loss + l1 * penalty

    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(dp, None), P(dp, None)),
                         out_specs=P())(w, x)


@job(resource_defs={"mesh": jax.make_mesh((8,), ("dp",)), "hparams": Hparams()})
def ranker_step():
    regularised_loss(weights(), features())


def inputs():
    return ({"ops": {"regularised_loss": {"config": {"l1": 1e-2}}}},)


def main(run_config):
    return ranker_step.execute_in_process(run_config)["regularised_loss"]


if __name__ == "__main__":
    main(*inputs())
