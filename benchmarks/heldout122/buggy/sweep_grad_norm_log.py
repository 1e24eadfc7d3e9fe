"""sweeps/grad_norm_log.py: a grid sweep over learning rate and the axis the per-shard gradient
norms are logged along, for a data x model parallel linear probe."""
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
    "metric": {"name": "loss", "goal": "minimize"},
    "parameters": {
        "lr": {"values": [0.1, 0.03]},
        "log_axis": {"values": ["data", "model"]},
        "mesh_shape": {"value": (2, 4)},
    },
}


def make_mesh(cfg):
    return jax.make_mesh(tuple(cfg.mesh_shape), ("data", "model"))


def shard_norms(g, log_axis):
    sq = jax.lax.psum(jnp.sum(g * g), "model")
    return jax.lax.all_gather(sq, log_axis, to="reduced")


def train():
    run = active_run()
    cfg = run.config
    mesh = make_mesh(cfg)
    rng = np.random.default_rng(0)
    xs = rng.normal(size=(16, 8)).astype(np.float32)
    w = np.zeros((8, 4), np.float32)
    ys = rng.normal(size=(16, 4)).astype(np.float32)

    def step(x, w, y):
        pred = jax.lax.psum(x @ w, "model")
        err = pred - y
        g_local = x.T @ err / x.shape[0]
        g = jax.lax.psum(g_local, "data")
        return w - cfg.lr * g, shard_norms(g_local, cfg.log_axis)

    fn = jax.shard_map(
        step, mesh=mesh,
        in_specs=(P("data", "model"), P("model", None), P("data", None)),
        out_specs=(P("model", None), P(reduced={cfg.log_axis})),
    )
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    wd = put(w, P("model", None))
    for epoch in range(3):
        wd, norms = fn(put(xs, P("data", "model")), wd, put(ys, P("data", None)))
        wd = jax.device_put(wd, NamedSharding(mesh, P("model", None)))
        run.log({"epoch": epoch, "grad_norm_sq": float(np.sum(np.asarray(norms)))})
    run.summary["final_w_norm"] = float(jnp.linalg.norm(wd))


def inputs():
    grid = SWEEP["parameters"]
    return (len(grid["lr"]["values"]) * len(grid["log_axis"]["values"]),)


def main(count):
    sweep_id = sweep(SWEEP, project="probe-sweeps")
    agent(sweep_id, function=train, count=count)
    runs = [r for r in _STORE["runs"].values() if r.project == "probe-sweeps"]
    assert len(runs) == count
    for r in runs:
        assert np.isfinite(r.summary["final_w_norm"]), r.id
        print(r.id, dict(r.config), r.summary)
    return runs[-1].summary["final_w_norm"]


if __name__ == "__main__":
    main(*inputs())
