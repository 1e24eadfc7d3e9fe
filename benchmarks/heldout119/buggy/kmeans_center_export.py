"""cluster/center_export.py: k-means centroids trained split over both mesh axes and exported
host-replicated through top_level_all_gather; export layouts come from a class table."""
import inspect
import itertools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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


class ExportableKMeans(BaseEstimator):
    EXPORT_LAYOUTS = {
        "replicated": P(None, None, reduced={"samples", "centers"}),
        "by_dim": P(None, "centers", reduced={"samples"}),
    }

    def __init__(self, n_clusters=8, layout="replicated", n_iter=3):
        self.n_clusters = n_clusters
        self.layout = layout
        self.n_iter = n_iter

    def fit(self, X, y=None):
        self.mesh_ = jax.make_mesh((2, 4), ("samples", "centers"))
        c = np.asarray(X[: self.n_clusters])
        for _ in range(self.n_iter):
            lab = np.argmin(((X[:, None] - c[None]) ** 2).sum(-1), 1)
            c = np.stack([X[lab == k].mean(0) if (lab == k).any() else c[k] for k in range(len(c))])
        self.center_spec_ = P(("samples", "centers"), None)
        self.cluster_centers_ = jax.device_put(c.astype(np.float32), NamedSharding(self.mesh_, self.center_spec_))
        return self

    def export(self):
        check_is_fitted(self, ["cluster_centers_", "center_spec_"])
        with jax.set_mesh(self.mesh_):
            return np.asarray(top_level_all_gather(self.cluster_centers_, self.EXPORT_LAYOUTS[self.layout]))


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(64, 8)).astype(np.float32),)


def main(X):
    exported = {}
    base = ExportableKMeans()
    for layout in ["replicated", "by_dim"]:
        km = clone(base).set_params(layout=layout).fit(X)
        exported[layout] = km.export()
        assert exported[layout].shape == (8, 8)
    return exported


if __name__ == "__main__":
    main(*inputs())
