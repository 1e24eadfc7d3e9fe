"""calibration/ece.py: expected calibration error of a class-sharded model; the per-example gap is
averaged over the axes named in a scoring dict a GridSearch-like loop passes."""
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


class ECEScorer(BaseEstimator):
    def __init__(self, n_bins=4, average_over=("batch",)):
        self.n_bins = n_bins
        self.average_over = average_over

    def fit(self, probs, y):
        self.mesh_ = jax.make_mesh((2, 4), ("batch", "cls"))
        spec = P("batch", "cls")
        Ps = jax.device_put(probs, NamedSharding(self.mesh_, spec))
        Ys = jax.device_put(y, NamedSharding(self.mesh_, spec))

        def body(p, t):
            conf = jax.lax.pmax(p.max(1), "cls")
            hit = jax.lax.psum((p == conf[:, None]) * t, "cls").sum(1)
            gap = jnp.abs(conf - hit).mean()
            return jax.lax.pmean(gap, self.average_over)

        self.ece_ = float(jax.shard_map(body, mesh=self.mesh_, in_specs=(spec, spec), out_specs=P())(Ps, Ys))
        return self


def inputs():
    rng = np.random.default_rng(4)
    p = rng.dirichlet(np.ones(8), size=8).astype(np.float32)
    return p, np.eye(8, dtype=np.float32)[rng.integers(0, 8, 8)]


def main(p, y):
    scores = []
    for params in ParameterGrid({"average_over": [("batch",), ("batch", "cls")]}):
        scores.append(ECEScorer().set_params(**params).fit(p, y).ece_)
    assert all(0 <= s <= 1 for s in scores)
    return scores


if __name__ == "__main__":
    main(*inputs())
