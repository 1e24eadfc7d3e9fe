"""cluster/kmeans_inertia.py: Lloyd k-means with points split over the mesh; inertia is logged per round."""
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


class ShardedKMeans(BaseEstimator):
    def __init__(self, n_clusters=4, n_iter=5, point_axis="samples", history_axis="samples"):
        self.n_clusters = n_clusters
        self.n_iter = n_iter
        self.point_axis = point_axis
        self.history_axis = history_axis

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((2, 4), ("samples", "centers"))
        a, h = self.point_axis, self.history_axis
        Xs = jax.device_put(X, NamedSharding(self.mesh_, P(a, None)))

        def lloyd(xb, c):
            d = ((xb[:, None, :] - c[None]) ** 2).sum(-1)
            lab = jnp.argmin(d, 1)
            onehot = jax.nn.one_hot(lab, c.shape[0])
            sums = jax.lax.psum(onehot.T @ xb, a)
            counts = jax.lax.psum(onehot.sum(0), a)
            inertia = jax.lax.psum(jnp.min(d, 1).sum(), a)
            seen = jax.lax.all_gather(inertia, h, to="invarying")
            return sums / jnp.maximum(counts, 1.0)[:, None], seen

        step = jax.shard_map(lloyd, mesh=self.mesh_, in_specs=(P(a, None), P()),
                             out_specs=(P(), P(None)))
        c = jnp.asarray(X[: self.n_clusters])
        self.inertia_history_ = []
        for _ in range(self.n_iter):
            c, seen = step(Xs, c)
            self.inertia_history_.append(float(np.asarray(seen)[0]))
        self.cluster_centers_ = c
        self.n_iter_ = self.n_iter
        return self

    def predict(self, X):
        check_is_fitted(self, "cluster_centers_")
        d = ((jnp.asarray(X)[:, None] - self.cluster_centers_[None]) ** 2).sum(-1)
        return np.asarray(jnp.argmin(d, 1))


def inputs():
    rng = np.random.default_rng(0)
    blobs = [rng.normal(loc=m, scale=0.1, size=(8, 2)) for m in ([0, 0], [3, 3], [0, 3], [3, 0])]
    return (np.concatenate(blobs)[rng.permutation(32)].astype(np.float32),)


def main(X):
    km = ShardedKMeans().set_params(n_iter=6)
    labels = km.fit(X).predict(X)
    assert len(set(labels.tolist())) == 4
    assert km.inertia_history_[-1] <= km.inertia_history_[0] + 1e-5
    return labels


if __name__ == "__main__":
    main(*inputs())
