"""linear/coef_export.py: a multi-output least-squares estimator whose coefficient table lives split over
both mesh axes; `export_coef` hands a host-replicated copy to the model registry."""
import inspect
import itertools

import numpy as np
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
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


class MultiOutputLstsq(BaseEstimator):
    """One least-squares problem per target column; targets split over `target_axes`."""

    def __init__(self, alpha=1e-2, target_axes=("data", "model"), export_spec=None):
        self.alpha = alpha
        self.target_axes = target_axes
        self.export_spec = export_spec

    def fit(self, X, Y):
        self.mesh_ = jax.make_mesh((4, 2), ("data", "model"))
        spec = P(None, self.target_axes)
        Ys = jax.device_put(Y, NamedSharding(self.mesh_, spec))
        X = jnp.asarray(X)
        gram = X.T @ X + self.alpha * jnp.eye(X.shape[1])

        def solve(yb):
            return jnp.linalg.solve(gram, X.T @ yb)

        self.coef_ = jax.shard_map(solve, mesh=self.mesh_, in_specs=spec, out_specs=spec)(Ys)
        self.coef_spec_ = spec
        return self

    def export_coef(self):
        check_is_fitted(self, ["coef_", "coef_spec_"])
        out = self.export_spec if self.export_spec is not None else P(None, None, reduced=set(self.target_axes))
        with jax.set_mesh(self.mesh_):
            full = top_level_all_gather(self.coef_, out)
        return np.asarray(full)


class Registry:
    def __init__(self):
        self.entries = {}

    def publish(self, name, estimator):
        params = estimator.get_params()
        self.entries[name] = {"params": params, "coef": estimator.export_coef()}
        return self.entries[name]


def inputs():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(24, 5)).astype(np.float32)
    W = rng.normal(size=(5, 16)).astype(np.float32)
    return X, (X @ W).astype(np.float32), W


def main(X, Y, W):
    registry = Registry()
    base = MultiOutputLstsq()
    plain = clone(base).fit(X, Y)
    entry = registry.publish("plain", plain)
    assert np.allclose(entry["coef"], W, atol=1e-2)
    compact = clone(base).set_params(export_spec=P(None, "model", reduced={"data"}))
    compact.fit(X, Y)
    entry = registry.publish("compact", compact)
    assert entry["coef"].shape == W.shape
    return registry


if __name__ == "__main__":
    main(*inputs())
