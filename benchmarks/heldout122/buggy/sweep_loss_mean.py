"""sweeps/loss_mean.py: grid sweep over the weight decay of a row-parallel regression; the
mean-squared loss is averaged over the axes the sweep config names."""
import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- minitrack: the in-memory stand-in for the tracking client (wandb / mlflow-like) --------
# The cluster has no tracking server, so the team pasted this small copy in every script.

_STORE = {"runs": {}, "sweeps": {}, "artifacts": {}}
_ACTIVE = []


class Config(dict):
    """Attribute- and item-accessible run config, as run.config is in the real client."""

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc

    def __setattr__(self, key, value):
        self[key] = value

    def update(self, other=(), allow_val_change=True, **kwargs):
        for key, value in dict(other, **kwargs).items():
            if key in self and self[key] != value and not allow_val_change:
                raise ValueError(f"config.{key} already set to {self[key]!r}")
            self[key] = value


class Run:
    def __init__(self, project, config=None, run_id=None, name=None):
        self.project = project
        self.id = run_id or f"{project}-{len(_STORE['runs']):04d}"
        self.name = name or self.id
        self.config = Config(config or {})
        self.params, self.metrics, self.summary, self.history = {}, {}, {}, []
        _STORE["runs"][self.id] = self

    def log(self, data, step=None):
        row = dict(data, _step=len(self.history) if step is None else step)
        self.history.append(row)
        self.summary.update(data)

    def finish(self):
        if self in _ACTIVE:
            _ACTIVE.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.finish()
        return False


def init(project="default", config=None, resume=None, id=None, name=None):
    if resume and id in _STORE["runs"]:
        run = _STORE["runs"][id]
        run.config.update(config or {})
    else:
        run = Run(project, config, run_id=id, name=name)
    _ACTIVE.append(run)
    return run


def start_run(run_name=None, run_id=None, project="mlruns"):
    return init(project=project, resume=run_id is not None, id=run_id, name=run_name)


def active_run():
    return _ACTIVE[-1]


def log_param(key, value):
    active_run().params[key] = str(value)  # stored as text, like the real server


def log_params(params):
    for key, value in params.items():
        log_param(key, value)


def log_metric(key, value, step=None):
    active_run().metrics.setdefault(key, []).append((step, float(value)))


def log_artifact(name, value):
    _STORE["artifacts"][(active_run().id, name)] = value


def get_run(run_id):
    return _STORE["runs"][run_id]


def sweep(sweep_config, project="sweeps"):
    sweep_id = f"sweep-{len(_STORE['sweeps'])}"
    params = sweep_config["parameters"]
    names = list(params)
    grid = [{}]
    for key in names:
        spec = params[key]
        values = spec["values"] if "values" in spec else [spec["value"]]
        grid = [dict(g, **{key: v}) for g in grid for v in values]
    _STORE["sweeps"][sweep_id] = {"config": sweep_config, "grid": grid, "project": project}
    return sweep_id


def agent(sweep_id, function, count=None):
    entry = _STORE["sweeps"][sweep_id]
    for params in entry["grid"][:count]:
        run = init(project=entry["project"], config=params)
        try:
            function()
        finally:
            run.finish()


def autolog(fn):
    """Decorator: log the call's keyword arguments as params of the active run."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        sig = inspect.signature(fn).bind(*args, **kwargs)
        sig.apply_defaults()
        if _ACTIVE:
            for key, value in sig.arguments.items():
                if isinstance(value, (int, float, str, tuple, bool)):
                    log_param(f"{fn.__name__}.{key}", value)
        return fn(*args, **kwargs)

    return wrapper


# --- end of minitrack ----------------------------------------------------------------------

SWEEP = {
    "method": "grid",
    "parameters": {
        "wd": {"values": [0.0, 1e-3]},
        "loss_axes": {"value": ["data", "model"]},
    },
}


@autolog
def regression_loss(x, w, y, wd=0.0, loss_axes=("data",)):
    pred = jax.lax.psum(x @ w, "model")
    mse = jnp.mean((pred - y) ** 2) + wd * jax.lax.psum(jnp.sum(w * w), "model")
    return jax.lax.pmean(mse, loss_axes)


def train():
    run = active_run()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rng = np.random.default_rng(7)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    w = rng.normal(size=(16, 2)).astype(np.float32) * 0.1
    y = rng.normal(size=(8, 2)).astype(np.float32)
    body = functools.partial(regression_loss, wd=run.config.wd,
                             loss_axes=tuple(run.config.loss_axes))
    f = jax.shard_map(body, mesh=mesh, in_specs=(P("data", "model"), P("model", None), P("data", None)),
                      out_specs=P())
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    loss = f(put(x, P("data", "model")), put(w, P("model", None)), put(y, P("data", None)))
    run.log({"loss": float(loss)})


def inputs():
    return (2,)


def main(count):
    agent(sweep(SWEEP, project="wd"), function=train, count=count)
    losses = [r.summary["loss"] for r in _STORE["runs"].values()]
    assert losses[1] >= losses[0] - 1e-6, losses
    return losses


if __name__ == "__main__":
    main(*inputs())
