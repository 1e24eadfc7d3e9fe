"""linear/sgd_penalty.py: an SGD regressor whose weight vector is split over the model axis; the L2
penalty is computed from the gathered weights and the fit loop is driven by set_params."""
import functools
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


class ShardedSGDRegressor(BaseEstimator):
    def __init__(self, lr=0.05, l2=1e-3, n_iter=20, axes=("data", "model")):
        self.lr = lr
        self.l2 = l2
        self.n_iter = n_iter
        self.axes = axes

    def _step_fn(self):
        rows, cols = self.axes

        def step(xb, yb, w):
            w_full = jax.lax.all_gather(w, cols, tiled=True, to="reduced")
            pred = jax.lax.psum(xb @ w, cols)
            err = pred - yb
            grad = jax.lax.psum(xb.T @ err, rows) / (xb.shape[0] * self.mesh_.shape[rows])
            penalty = jax.lax.psum(jnp.sum(w_full * w_full), cols)
            return w - self.lr * (grad + self.l2 * w), jax.lax.pmean(jnp.mean(err * err), rows), penalty

        return jax.jit(jax.shard_map(step, mesh=self.mesh_, in_specs=(P(rows, cols), P(rows), P(cols)),
                                     out_specs=(P(cols), P(), P())))

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh((4, 2), self.axes)
        rows, cols = self.axes
        Xs = jax.device_put(X, NamedSharding(self.mesh_, P(rows, cols)))
        ys = jax.device_put(y, NamedSharding(self.mesh_, P(rows)))
        w = jax.device_put(np.zeros(X.shape[1], np.float32), NamedSharding(self.mesh_, P(cols)))
        step = self._step_fn()
        self.loss_curve_ = []
        for _ in range(self.n_iter):
            w, loss, pen = step(Xs, ys, w)
            self.loss_curve_.append(float(loss) + self.l2 * float(pen))
        self.coef_ = w
        self.n_iter_ = self.n_iter
        return self

    def predict(self, X):
        check_is_fitted(self, "coef_")
        return jnp.asarray(X) @ jnp.asarray(np.asarray(self.coef_))


def inputs():
    rng = np.random.default_rng(7)
    X = rng.normal(size=(32, 4)).astype(np.float32)
    y = (X @ np.array([1.0, -2.0, 0.5, 0.0], np.float32)).astype(np.float32)
    return X, y


def main(X, y):
    model = ShardedSGDRegressor()
    model.set_params(lr=0.2, n_iter=40)
    model.fit(X, y)
    assert model.loss_curve_[-1] < model.loss_curve_[0]
    return model.predict(X)


if __name__ == "__main__":
    main(*inputs())
