"""calibration/platt_monitor.py: Platt scaling fitted by gradient steps on batch shards; the NLL of
each step is gathered over the monitor axis of a CalibratedClassifier wrapper."""
import inspect
import itertools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- a small scikit-learn-like stand-in (sklearn is not a dependency here) ----------------
class NotFittedError(ValueError):
    pass


class BaseEstimator:
    @classmethod
    def _param_names(cls):
        sig = inspect.signature(cls.__init__)
        return sorted(p.name for p in sig.parameters.values() if p.name != "self")

    def get_params(self, deep=True):
        out = {}
        for name in self._param_names():
            value = getattr(self, name)
            out[name] = value
            if deep and hasattr(value, "get_params"):
                out.update({f"{name}__{k}": v for k, v in value.get_params().items()})
        return out

    def set_params(self, **params):
        nested = {}
        for key, value in params.items():
            name, _, sub = key.partition("__")
            if name not in self._param_names():
                raise ValueError(f"invalid parameter {name!r} for {type(self).__name__}")
            if sub:
                nested.setdefault(name, {})[sub] = value
            else:
                setattr(self, name, value)
        for name, sub_params in nested.items():
            getattr(self, name).set_params(**sub_params)
        return self

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.get_params(deep=False).items())
        return f"{type(self).__name__}({args})"


def clone(estimator):
    params = estimator.get_params(deep=False)
    return type(estimator)(**{k: clone(v) if hasattr(v, "get_params") else v for k, v in params.items()})


def check_is_fitted(estimator, attributes=None):
    attrs = attributes or [a for a in vars(estimator) if a.endswith("_") and not a.startswith("__")]
    if isinstance(attrs, str):
        attrs = [attrs]
    if not attrs or not all(hasattr(estimator, a) for a in attrs):
        raise NotFittedError(f"{type(estimator).__name__} is not fitted yet")


class TransformerMixin:
    def fit_transform(self, X, y=None, **fit_params):
        return self.fit(X, y, **fit_params).transform(X)


class Pipeline(BaseEstimator):
    def __init__(self, steps):
        self.steps = steps

    @property
    def named_steps(self):
        return dict(self.steps)

    def get_params(self, deep=True):
        out = {"steps": self.steps}
        if deep:
            for name, step in self.steps:
                out[name] = step
                out.update({f"{name}__{k}": v for k, v in step.get_params().items()})
        return out

    def set_params(self, **params):
        steps = self.named_steps
        for key, value in params.items():
            name, _, sub = key.partition("__")
            steps[name].set_params(**{sub: value})
        return self

    def fit(self, X, y=None):
        for _, step in self.steps[:-1]:
            X = step.fit_transform(X, y)
        self.steps[-1][1].fit(X, y)
        return self

    def _head(self, X):
        for _, step in self.steps[:-1]:
            X = step.transform(X)
        return X

    def predict(self, X):
        return self.steps[-1][1].predict(self._head(X))

    def transform(self, X):
        return self.steps[-1][1].transform(self._head(X))


def ParameterGrid(grid):
    keys = sorted(grid)
    for values in itertools.product(*(grid[k] for k in keys)):
        yield dict(zip(keys, values))
# ---- end of the stand-in ------------------------------------------------------------------


class PlattScaler(BaseEstimator):
    def __init__(self, lr=0.5, n_iter=10, monitor_axis="batch"):
        self.lr = lr
        self.n_iter = n_iter
        self.monitor_axis = monitor_axis

    def fit(self, scores, y):
        self.mesh_ = jax.make_mesh((2, 4), ("batch", "cls"))
        mon = self.monitor_axis
        S = jax.device_put(scores, NamedSharding(self.mesh_, P("batch")))
        Y = jax.device_put(y, NamedSharding(self.mesh_, P("batch")))
        n = len(y)

        def step(s, t, ab):
            p = jax.nn.sigmoid(ab[0] * s + ab[1])
            g = jnp.stack([jnp.sum((p - t) * s), jnp.sum(p - t)])
            nll = -jnp.sum(t * jnp.log(p + 1e-7) + (1 - t) * jnp.log(1 - p + 1e-7))
            nll = jax.lax.psum(nll, "batch") / n
            return ab - self.lr * jax.lax.psum(g, "batch") / n, jax.lax.all_gather(nll, mon, to="reduced")

        run = jax.shard_map(step, mesh=self.mesh_, in_specs=(P("batch"), P("batch"), P()),
                            out_specs=(P(), P(None, reduced={mon})))
        ab = jnp.array([1.0, 0.0], jnp.float32)
        self.nll_path_ = []
        for _ in range(self.n_iter):
            ab, nll = run(S, Y, ab)
            self.nll_path_.append(float(np.asarray(nll)[0]))
        self.a_, self.b_ = (float(v) for v in np.asarray(ab))
        return self


class CalibratedClassifier(BaseEstimator):
    def __init__(self, calibrator=None):
        self.calibrator = calibrator

    def fit(self, scores, y):
        self.calibrator_ = clone(self.calibrator).fit(scores, y)
        return self


def inputs():
    rng = np.random.default_rng(0)
    y = (rng.uniform(size=32) < 0.5).astype(np.float32)
    return (3.0 * (y - 0.5) + rng.normal(size=32)).astype(np.float32), y


def main(scores, y):
    clf = CalibratedClassifier(calibrator=PlattScaler())
    clf.set_params(calibrator__monitor_axis="cls", calibrator__n_iter=8)
    clf.fit(scores, y)
    path = clf.calibrator_.nll_path_
    assert path[-1] < path[0]
    return path


if __name__ == "__main__":
    main(*inputs())
