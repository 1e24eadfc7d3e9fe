"""ridge/cv_report.py: a mesh-sharded ridge regressor and a small alpha search that logs per-shard errors."""
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


class ShardedRidge(BaseEstimator):
    """Ridge regression by normal equations, rows split over `data_axis`."""

    def __init__(self, alpha=1.0, data_axis="data", report_axis=None, mesh_shape=(4, 2)):
        self.alpha = alpha
        self.data_axis = data_axis
        self.report_axis = report_axis
        self.mesh_shape = mesh_shape

    def _place(self, X, y):
        a = self.data_axis
        return (jax.device_put(X, NamedSharding(self.mesh_, P(a, None))),
                jax.device_put(y, NamedSharding(self.mesh_, P(a))))

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh(self.mesh_shape, ("data", "model"))
        self.n_shards_ = self.mesh_.shape[self.data_axis]
        Xs, ys = self._place(X, y)
        a = self.data_axis

        def normal_equations(xb, yb):
            return jax.lax.psum(xb.T @ xb, a), jax.lax.psum(xb.T @ yb, a)

        gram, rhs = jax.shard_map(normal_equations, mesh=self.mesh_, in_specs=(P(a, None), P(a)),
                                  out_specs=(P(), P()))(Xs, ys)
        self.coef_ = jnp.linalg.solve(gram + self.alpha * jnp.eye(gram.shape[0]), rhs)
        return self

    def predict(self, X):
        check_is_fitted(self, "coef_")
        return jnp.asarray(X) @ self.coef_

    def shard_errors(self, X, y):
        """Total squared error, seen once per data shard (for the search log)."""
        check_is_fitted(self, ["coef_", "mesh_"])
        Xs, ys = self._place(X, y)
        a = self.data_axis
        axis = self.report_axis or a

        def sse(xb, yb, w):
            r = yb - xb @ w
            total = jax.lax.psum(jnp.sum(r * r), a)
            return jax.lax.all_gather(total, axis, to="reduced")

        out = jax.shard_map(sse, mesh=self.mesh_, in_specs=(P(a, None), P(a), P()),
                            out_specs=P(None, reduced={axis}))(Xs, ys, self.coef_)
        return np.asarray(out)


def search_alpha(estimator, grid, X, y, X_val, y_val):
    results = []
    for params in ParameterGrid(grid):
        est = clone(estimator).set_params(**params)
        est.fit(X, y)
        errs = est.shard_errors(X_val, y_val)
        results.append((float(errs[0]) / len(y_val), params))
    results.sort(key=lambda t: t[0])
    return results


def inputs():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(64, 6)).astype(np.float32)
    w = np.linspace(-1.0, 1.0, 6).astype(np.float32)
    y = (X @ w + 0.01 * rng.normal(size=64)).astype(np.float32)
    return X[:48], y[:48], X[48:], y[48:]


def main(X, y, X_val, y_val):
    base = ShardedRidge(mesh_shape=(4, 2))
    results = search_alpha(base, {"alpha": [0.01, 1.0, 10.0]}, X, y, X_val, y_val)
    best_mse, best = results[0]
    assert best["alpha"] == 0.01, results
    assert best_mse < 0.05, best_mse
    return best_mse


if __name__ == "__main__":
    main(*inputs())
