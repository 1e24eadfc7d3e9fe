"""linear/multitask_loss.py: a data-parallel Huber regressor with a `loss_report` used by a tiny grid
search; the reduction axes default to the whole mesh."""
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


def huber(r, delta):
    a = jnp.abs(r)
    return jnp.where(a <= delta, 0.5 * r * r, delta * (a - 0.5 * delta))


class HuberRegressor(BaseEstimator):
    def __init__(self, delta=1.0, lr=0.1, n_iter=30, reduce_axes=None):
        self.delta = delta
        self.lr = lr
        self.n_iter = n_iter
        self.reduce_axes = reduce_axes

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh((4, 2), ("data", "model"))
        self.reduce_axes_ = self.reduce_axes or tuple(self.mesh_.axis_names)
        self.X_spec_ = P("data", None)
        Xs = jax.device_put(X, NamedSharding(self.mesh_, self.X_spec_))
        ys = jax.device_put(y, NamedSharding(self.mesh_, P("data")))
        n = X.shape[0]

        def grad_step(xb, yb, w):
            r = xb @ w - yb
            g = jnp.where(jnp.abs(r) <= self.delta, r, self.delta * jnp.sign(r))
            return w - self.lr * jax.lax.psum(xb.T @ g, "data") / n

        step = jax.jit(jax.shard_map(grad_step, mesh=self.mesh_, in_specs=(self.X_spec_, P("data"), P()),
                                     out_specs=P()))
        w = jnp.zeros(X.shape[1], jnp.float32)
        for _ in range(self.n_iter):
            w = step(Xs, ys, w)
        self.coef_ = w
        return self

    def loss_report(self, X, y):
        check_is_fitted(self, ["coef_", "reduce_axes_"])
        Xs = jax.device_put(X, NamedSharding(self.mesh_, self.X_spec_))
        ys = jax.device_put(y, NamedSharding(self.mesh_, P("data")))

        def mean_loss(xb, yb, w):
            local = jnp.mean(huber(xb @ w - yb, self.delta))
            return jax.lax.pmean(local, self.reduce_axes_)

        return float(jax.shard_map(mean_loss, mesh=self.mesh_, in_specs=(self.X_spec_, P("data"), P()),
                                   out_specs=P())(Xs, ys, self.coef_))


def inputs():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(40, 3)).astype(np.float32)
    y = X @ np.array([0.5, 1.5, -1.0], np.float32)
    y[::9] += 8.0
    return X, y.astype(np.float32)


def main(X, y):
    scores = {}
    for params in ParameterGrid({"delta": [0.5, 2.0], "lr": [0.3]}):
        est = HuberRegressor().set_params(**params).fit(X, y)
        scores[params["delta"]] = est.loss_report(X, y)
    assert all(np.isfinite(v) for v in scores.values()), scores
    return scores


if __name__ == "__main__":
    main(*inputs())
