"""decomposition/reconstruction_error.py: reconstruction error of a column-sharded PCA, averaged
over the axes listed in a ColumnTransformer-like routing table."""
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


class RoutedReconstruction(BaseEstimator):
    """Scores blocks of columns; `routes` maps a block name to (columns, reduce axes)."""

    def __init__(self, routes=None, n_components=2):
        self.routes = routes
        self.n_components = n_components

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((4, 2), ("rows", "cols"))
        self.mean_ = X.mean(0)
        _, _, vt = np.linalg.svd(X - self.mean_, full_matrices=False)
        self.components_ = vt[: self.n_components].astype(np.float32)
        return self

    def block_errors(self, X):
        check_is_fitted(self, "components_")
        Xc = (X - self.mean_).astype(np.float32)
        R = Xc - (Xc @ self.components_.T) @ self.components_
        errors = {}
        for name, (cols, axes) in self.routes.items():
            Rs = jax.device_put(R[:, cols], NamedSharding(self.mesh_, P("rows", None)))

            def body(rb):
                block_err = jnp.sum(rb * rb) * self.mesh_.shape["rows"]
                return jax.lax.pmean(block_err, axes)

            errors[name] = float(jax.shard_map(body, mesh=self.mesh_, in_specs=P("rows", None), out_specs=P())(Rs))
        return errors


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(16, 6)).astype(np.float32),)


def main(X):
    est = RoutedReconstruction()
    est.set_params(routes={"left": ([0, 1, 2], "rows"), "right": ([3, 4, 5], ("rows", "cols"))})
    errs = est.fit(X).block_errors(X)
    assert set(errs) == {"left", "right"}
    return errs


if __name__ == "__main__":
    main(*inputs())
