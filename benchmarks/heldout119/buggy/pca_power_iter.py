"""decomposition/power_iteration.py: top-k PCA by power iteration; the iterate is gathered over the
row axis for the orthogonalisation and its norm is synchronised over the same axis."""
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


class PowerPCA(BaseEstimator):
    def __init__(self, n_iter=8, axis="rows"):
        self.n_iter = n_iter
        self.axis = axis

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((4, 2), ("rows", "cols"))
        a = self.axis
        Xc = X - X.mean(0)
        Xs = jax.device_put(Xc, NamedSharding(self.mesh_, P(a, None)))

        def power_step(xb, v):
            u = xb @ v
            u_all = jax.lax.all_gather(u, a, tiled=True, to="reduced")
            norm = jnp.sqrt(jax.lax.psum(jnp.sum(u_all * u_all), a))
            w = jax.lax.psum(xb.T @ u, a)
            return w / jnp.linalg.norm(w), norm

        step = jax.shard_map(power_step, mesh=self.mesh_, in_specs=(P(a, None), P()), out_specs=(P(), P()))
        v = jnp.ones(X.shape[1], jnp.float32) / np.sqrt(X.shape[1])
        for _ in range(self.n_iter):
            v, s = step(Xs, v)
        self.components_ = np.asarray(v)[None]
        self.singular_values_ = np.asarray(s)[None]
        return self


def inputs():
    rng = np.random.default_rng(12)
    X = rng.normal(size=(32, 4)) * np.array([5.0, 1.0, 0.5, 0.1])
    return (X.astype(np.float32),)


def main(X):
    est = clone(PowerPCA(n_iter=3)).set_params(n_iter=10).fit(X)
    assert abs(abs(est.components_[0, 0]) - 1.0) < 0.05
    return est.components_


if __name__ == "__main__":
    main(*inputs())
