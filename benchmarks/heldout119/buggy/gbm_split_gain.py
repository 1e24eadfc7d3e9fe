"""boosting/split_finder.py: best-split search for one boosting round; the bin histograms are
gathered over the bins axis and the gain is normalised with the data-axis total."""
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


class SplitFinder(BaseEstimator):
    def __init__(self, n_bins=8, reg_lambda=1.0, bin_axis="bins"):
        self.n_bins = n_bins
        self.reg_lambda = reg_lambda
        self.bin_axis = bin_axis

    def fit(self, hist_g, hist_h):
        self.mesh_ = jax.make_mesh((4, 2), ("data", "bins"))
        b = self.bin_axis
        spec = P("data", b)
        G = jax.device_put(hist_g, NamedSharding(self.mesh_, spec))
        Hh = jax.device_put(hist_h, NamedSharding(self.mesh_, spec))
        lam = self.reg_lambda

        def gains(g, h):
            g_all = jax.lax.all_gather(g, b, axis=1, tiled=True, to="reduced")
            h_all = jax.lax.all_gather(h, b, axis=1, tiled=True, to="reduced")
            gl, hl = jnp.cumsum(g_all, 1), jnp.cumsum(h_all, 1)
            total_g = jax.lax.psum(g_all.sum(1, keepdims=True), b)
            return gl * gl / (hl + lam), total_g

        gain, total = jax.shard_map(gains, mesh=self.mesh_, in_specs=(spec, spec),
                                    out_specs=(P("data", None), P("data", None)))(G, Hh)
        self.best_bin_ = np.argmax(np.asarray(gain), 1)
        self.total_grad_ = np.asarray(total)
        return self


def inputs():
    rng = np.random.default_rng(2)
    return rng.normal(size=(4, 8)).astype(np.float32), rng.uniform(1, 2, size=(4, 8)).astype(np.float32)


def main(g, h):
    finder = clone(SplitFinder(reg_lambda=0.5)).fit(g, h)
    assert finder.best_bin_.shape == (4,)
    return finder.best_bin_


if __name__ == "__main__":
    main(*inputs())
