"""boosting/histogram_gbm.py: a histogram gradient-boosting regressor (depth-1 trees); per-round
training loss is gathered for the early-stopping monitor."""
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


class HistGBM(BaseEstimator):
    def __init__(self, n_rounds=5, learning_rate=0.3, n_bins=8, monitor_axis="bins"):
        self.n_rounds = n_rounds
        self.learning_rate = learning_rate
        self.n_bins = n_bins
        self.monitor_axis = monitor_axis

    def _binned(self, X):
        edges = np.quantile(X, np.linspace(0, 1, self.n_bins + 1)[1:-1])
        return np.digitize(X, edges).astype(np.int32)

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh((4, 2), ("data", "bins"))
        B = self._binned(X[:, 0])
        Bs = jax.device_put(B, NamedSharding(self.mesh_, P("data")))
        mon = self.monitor_axis
        nb = self.n_bins

        def round_stats(bb, resid):
            hist = jax.lax.psum(jax.ops.segment_sum(resid, bb, nb), "data")
            cnt = jax.lax.psum(jax.ops.segment_sum(jnp.ones_like(resid), bb, nb), "data")
            loss = jax.lax.psum(jnp.sum(resid * resid), "data")
            return hist / jnp.maximum(cnt, 1.0), jax.lax.all_gather(loss, mon, to="reduced")

        step = jax.shard_map(round_stats, mesh=self.mesh_, in_specs=(P("data"), P("data")),
                             out_specs=(P(), P(None, reduced={mon})))
        pred = np.zeros_like(y)
        self.train_loss_ = []
        self.leaf_values_ = []
        for _ in range(self.n_rounds):
            resid = jax.device_put((y - pred).astype(np.float32), NamedSharding(self.mesh_, P("data")))
            leaves, loss = step(Bs, resid)
            leaves = np.asarray(leaves)
            self.leaf_values_.append(leaves)
            self.train_loss_.append(float(np.asarray(loss)[0]))
            pred = pred + self.learning_rate * leaves[B]
        self.n_estimators_ = len(self.leaf_values_)
        return self


def inputs():
    rng = np.random.default_rng(0)
    X = rng.uniform(-2, 2, size=(32, 1)).astype(np.float32)
    return X, np.sign(X[:, 0]).astype(np.float32)


def main(X, y):
    gbm = HistGBM().set_params(n_rounds=4, monitor_axis="data")
    gbm.fit(X, y)
    assert gbm.train_loss_[-1] < gbm.train_loss_[0]
    return gbm.leaf_values_


if __name__ == "__main__":
    main(*inputs())
