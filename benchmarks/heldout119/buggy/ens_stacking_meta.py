"""ensemble/stacking.py: a stacking ensemble whose member outputs are gathered over the member axis
and then averaged over the same axis to build the meta-feature."""
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


class StackingRegressor(BaseEstimator):
    def __init__(self, final_alpha=0.1, member_axis="member"):
        self.final_alpha = final_alpha
        self.member_axis = member_axis

    def _meta_features(self, W, X):
        m = self.member_axis
        Xs = jax.device_put(X, NamedSharding(self.mesh_, P("data", None)))
        Ws = jax.device_put(W, NamedSharding(self.mesh_, P(m, None)))

        def body(w, xb):
            outs = jax.lax.all_gather(xb @ w.T, m, axis=1, tiled=True, to="reduced")
            mean = jax.lax.pmean(outs.sum(1), m)
            return mean

        return np.asarray(jax.shard_map(body, mesh=self.mesh_, in_specs=(P(m, None), P("data", None)),
                                        out_specs=P("data"))(Ws, Xs))

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh((2, 4), ("member", "data"))
        W = np.stack([np.linalg.lstsq(X, y, rcond=None)[0], np.zeros(X.shape[1])]).astype(np.float32)
        Z = self._meta_features(W, X)[:, None]
        self.final_coef_ = float((Z[:, 0] @ y) / (Z[:, 0] @ Z[:, 0] + self.final_alpha))
        self.members_ = W
        return self


def inputs():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(16, 3)).astype(np.float32)
    return X, X.sum(1).astype(np.float32)


def main(X, y):
    st = clone(StackingRegressor()).set_params(final_alpha=0.0).fit(X, y)
    assert np.isfinite(st.final_coef_)
    return st.final_coef_


if __name__ == "__main__":
    main(*inputs())
