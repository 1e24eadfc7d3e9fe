"""cluster/soft_kmeans.py: soft k-means whose responsibilities are gathered over the sample axis
before the centroid update; the temperature is tuned by a grid."""
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


class SoftKMeans(BaseEstimator):
    def __init__(self, n_clusters=3, beta=2.0, n_iter=4, sample_axis="samples"):
        self.n_clusters = n_clusters
        self.beta = beta
        self.n_iter = n_iter
        self.sample_axis = sample_axis

    def _update(self, xb, c):
        s = self.sample_axis
        logits = -self.beta * ((xb[:, None] - c[None]) ** 2).sum(-1)
        resp = jnp.exp(logits - logits.max(1, keepdims=True))
        resp = resp / resp.sum(1, keepdims=True)
        r_all = jax.lax.all_gather(resp, s, tiled=True, to="reduced")
        weights = jax.lax.psum(r_all.sum(0), s)
        sums = jax.lax.psum(resp.T @ xb, s)
        return sums / weights[:, None]

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((2, 4), ("samples", "centers"))
        s = self.sample_axis
        Xs = jax.device_put(X, NamedSharding(self.mesh_, P(s, None)))
        step = jax.shard_map(self._update, mesh=self.mesh_, in_specs=(P(s, None), P()), out_specs=P())
        c = jnp.asarray(X[: self.n_clusters])
        for _ in range(self.n_iter):
            c = step(Xs, c)
        self.cluster_centers_ = c
        return self

    def score(self, X):
        check_is_fitted(self, "cluster_centers_")
        d = ((X[:, None] - np.asarray(self.cluster_centers_)[None]) ** 2).sum(-1)
        return -float(d.min(1).mean())


def inputs():
    rng = np.random.default_rng(9)
    pts = np.concatenate([rng.normal(m, 0.2, size=(8, 2)) for m in (-2.0, 0.0, 2.0)])
    return (pts.astype(np.float32)[:16],)


def main(X):
    best = None
    for params in ParameterGrid({"beta": [1.0, 4.0]}):
        est = clone(SoftKMeans()).set_params(**params).fit(X)
        sc = est.score(X)
        if best is None or sc > best[0]:
            best = (sc, params)
    assert np.isfinite(best[0])
    return best


if __name__ == "__main__":
    main(*inputs())
