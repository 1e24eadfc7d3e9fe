"""cluster/centroid_dump.py: mini-batch k-means in a Pipeline; fitted centroids are split over the
centers axis and dumped whole for the dashboard."""
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


class Center(TransformerMixin, BaseEstimator):
    def __init__(self):
        pass

    def fit(self, X, y=None):
        self.mean_ = np.asarray(X).mean(0)
        return self

    def transform(self, X):
        check_is_fitted(self, "mean_")
        return np.asarray(X) - self.mean_


class CentroidKMeans(BaseEstimator):
    def __init__(self, n_clusters=8, dump_axes=("centers",), seed=0):
        self.n_clusters = n_clusters
        self.dump_axes = dump_axes
        self.seed = seed

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((2, 4), ("samples", "centers"))
        rng = np.random.default_rng(self.seed)
        init = X[rng.choice(len(X), self.n_clusters, replace=False)]
        self.cluster_centers_ = jax.device_put(init, NamedSharding(self.mesh_, P("centers", None)))
        return self

    def predict(self, X):
        check_is_fitted(self, "cluster_centers_")
        c = np.asarray(self.cluster_centers_)
        return np.argmin(((X[:, None] - c[None]) ** 2).sum(-1), 1)

    def dump_centroids(self):
        check_is_fitted(self, "cluster_centers_")
        axes = tuple(self.dump_axes)

        def gather(cb):
            rows = jax.lax.all_gather(cb, "centers", tiled=True, to="reduced")
            return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")

        out_spec = P(None, None, reduced={"centers", *axes})
        centers = jax.device_put(self.cluster_centers_, NamedSharding(self.mesh_, P("centers", "samples")))
        return np.asarray(jax.shard_map(gather, mesh=self.mesh_, in_specs=P("centers", "samples"),
                                        out_specs=out_spec)(centers))


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(40, 4)).astype(np.float32),)


def main(X):
    pipe = Pipeline([("center", Center()), ("km", CentroidKMeans())])
    pipe.set_params(km__dump_axes=("centers", "samples"))
    pipe.fit(X)
    labels = pipe.predict(X)
    assert labels.shape == (40,)
    table = pipe.named_steps["km"].dump_centroids()
    assert table.shape == (8, 4)
    return table


if __name__ == "__main__":
    main(*inputs())
