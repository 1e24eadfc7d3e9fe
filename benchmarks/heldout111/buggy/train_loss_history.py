"""Model training: data-parallel logistic regression on the click log (opgraph @op/@job).

Examples are sharded over `data`, features over `model`. `train_steps` runs SGD; the loss of
every step is kept in a reduced history table so the metrics op can differentiate through it.
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


@op(config_schema={"n": 64, "d": 8}, required_resource_keys={"mesh"})
def load_clicks(context):
    mesh = context.resources.mesh
    n, d = context.op_config["n"], context.op_config["d"]
    x = jax.random.normal(jax.random.key(1), (n, d))
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).astype(jnp.float32)
    return (jax.device_put(x, NamedSharding(mesh, P("data", "model"))),
            jax.device_put(y, NamedSharding(mesh, P("data"))))


@op(config_schema={"lr": 0.5, "steps": 3}, required_resource_keys={"mesh"})
def train_steps(context, data):
    mesh = context.resources.mesh
    lr, steps = context.op_config["lr"], context.op_config["steps"]
    x, y = data
    n = x.shape[0]
    w0 = jax.device_put(jnp.zeros((x.shape[1],)), NamedSharding(mesh, P("model")))

    def run(xb, yb, w):
        history = []
        for _ in range(steps):
            logits = jax.lax.psum(xb @ w, "model")
            p = jax.nn.sigmoid(logits)
            loss = -jnp.sum(yb * jnp.log(p + 1e-7) + (1 - yb) * jnp.log(1 - p + 1e-7))
            loss = jax.lax.psum(loss, "data") / n
            grad = jax.lax.psum(xb.T @ (p - yb), "data") / n
            w = w - lr * grad
            history.append(jax.lax.all_gather(loss, "data", to="reduced"))
        return w, jnp.stack(history)

    fn = jax.shard_map(run, mesh=mesh, in_specs=(P("data", "model"), P("data"), P("model")),
                       out_specs=(P("model"), P(None, None, reduced={"data"})))
    return fn(x, y, w0)


@op
def metrics(trained):
    w, history = trained
    history = np.asarray(history)
    return {"final_loss": float(history[-1, 0]), "w_norm": jnp.linalg.norm(w)}


@job(resource_defs={"mesh": jax.make_mesh((4, 2), ("data", "model"))})
def click_model():
    metrics(train_steps(load_clicks()))


def inputs():
    return ({"ops": {"train_steps": {"config": {"steps": 2}}}},)


def main(run_config):
    return click_model.execute_in_process(run_config)["metrics"]


if __name__ == "__main__":
    main(*inputs())
