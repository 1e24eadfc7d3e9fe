"""linear/scaler_dump.py: a feature-sharded StandardScaler in a Pipeline in front of a ridge head; the
scaled design matrix is dumped for the data-quality notebook."""
import inspect
import itertools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "model"))

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


class FeatureScaler(TransformerMixin, BaseEstimator):
    """Scales each feature column; columns are split over `feature_axis`, rows over `row_axis`."""

    def __init__(self, row_axis="data", feature_axis="model", dump_axes=None, with_mean=True):
        self.row_axis = row_axis
        self.feature_axis = feature_axis
        self.dump_axes = dump_axes
        self.with_mean = with_mean

    @property
    def spec_(self):
        return P(self.row_axis, self.feature_axis)

    def fit(self, X, y=None):
        Xs = jax.device_put(X, NamedSharding(MESH, self.spec_))
        r = self.row_axis

        def moments(xb):
            n = jax.lax.psum(xb.shape[0], r)
            mu = jax.lax.psum(xb.sum(0), r) / n
            var = jax.lax.psum(((xb - mu) ** 2).sum(0), r) / n
            return mu, var

        mu, var = jax.shard_map(moments, mesh=MESH, in_specs=self.spec_,
                                out_specs=(P(self.feature_axis), P(self.feature_axis)))(Xs)
        self.mean_ = mu if self.with_mean else jnp.zeros_like(mu)
        self.scale_ = jnp.sqrt(var + 1e-6)
        self.n_features_in_ = X.shape[1]
        return self

    def transform(self, X):
        check_is_fitted(self, ["mean_", "scale_"])
        z = (np.asarray(X) - np.asarray(self.mean_)) / np.asarray(self.scale_)
        return jnp.asarray(z)

    def dump(self, X):
        """The scaled matrix, gathered whole (typed reduced) for the notebook."""
        check_is_fitted(self)
        Xs = jax.device_put(X, NamedSharding(MESH, self.spec_))
        axes = self.dump_axes or (self.row_axis,)
        f = self.feature_axis

        def gather(xb, mu, sd):
            z = (xb - mu) / sd
            cols = jax.lax.all_gather(z, f, axis=1, tiled=True, to="reduced")
            return jax.lax.all_gather(cols, axes, axis=0, tiled=True, to="reduced")

        return jax.shard_map(gather, mesh=MESH, in_specs=(self.spec_, P(f), P(f)),
                             out_specs=P(None, None, reduced={f, *axes}))(Xs, self.mean_, self.scale_)


class LstsqHead(BaseEstimator):
    def __init__(self, alpha=0.1):
        self.alpha = alpha

    def fit(self, X, y):
        X = jnp.asarray(X)
        self.intercept_ = float(np.mean(y))
        self.coef_ = jnp.linalg.solve(X.T @ X + self.alpha * jnp.eye(X.shape[1]), X.T @ (y - self.intercept_))
        return self

    def predict(self, X):
        check_is_fitted(self, "coef_")
        return X @ self.coef_ + self.intercept_


def inputs():
    rng = np.random.default_rng(3)
    X = (rng.normal(size=(32, 8)) * np.arange(1, 9)).astype(np.float32)
    y = X[:, 0] - 0.5 * X[:, 3]
    return X, y.astype(np.float32)


def main(X, y):
    pipe = Pipeline([("scale", FeatureScaler()), ("head", LstsqHead())])
    pipe.set_params(head__alpha=1e-3, scale__dump_axes=("data",))
    pipe.fit(X, y)
    pred = np.asarray(pipe.predict(X))
    assert np.allclose(pred, y, atol=1e-2), np.abs(pred - y).max()
    dumped = np.asarray(pipe.named_steps["scale"].dump(X))
    assert dumped.shape == X.shape
    assert np.allclose(dumped.mean(0), 0.0, atol=1e-4)
    return dumped


if __name__ == "__main__":
    main(*inputs())
