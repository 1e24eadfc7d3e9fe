"""kernels/krr_dual.py: kernel ridge regression with the Gram matrix split over rows; the dual
objective is gathered for the convergence log."""
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


def rbf(a, b, gamma):
    return jnp.exp(-gamma * ((a[:, None] - b[None]) ** 2).sum(-1))


class KernelRidge(BaseEstimator):
    def __init__(self, gamma=0.5, alpha=1e-2, n_iter=20, log_axis="j"):
        self.gamma = gamma
        self.alpha = alpha
        self.n_iter = n_iter
        self.log_axis = log_axis

    def fit(self, X, y):
        self.mesh_ = jax.make_mesh((2, 4), ("i", "j"))
        self.X_fit_ = X
        K = np.asarray(rbf(X, X, self.gamma)) + self.alpha * np.eye(len(X), dtype=np.float32)
        Ks = jax.device_put(K, NamedSharding(self.mesh_, P("i", "j")))
        self.step_ = 1.0 / float(np.linalg.eigvalsh(K).max())
        lg = self.log_axis

        def cg_like(kb, c, yv):
            kc = jax.lax.psum(kb @ c.reshape(4, -1)[jax.lax.axis_index("j")], "j")
            r = yv.reshape(2, -1)[jax.lax.axis_index("i")] - kc
            obj = jax.lax.psum(jnp.sum(r * r), "i")
            return r, jax.lax.all_gather(obj, lg, to="reduced")

        step = jax.shard_map(cg_like, mesh=self.mesh_, in_specs=(P("i", "j"), P(), P()),
                             out_specs=(P("i"), P(None, reduced={lg})))
        c = np.zeros(len(X), np.float32)
        self.objective_ = []
        for _ in range(self.n_iter):
            r, obj = step(Ks, c, y)
            c = c + self.step_ * np.asarray(r)
            self.objective_.append(float(np.asarray(obj)[0]))
        self.dual_coef_ = c
        return self


def inputs():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(16, 2)).astype(np.float32)
    return X, np.sin(X[:, 0]).astype(np.float32)


def main(X, y):
    kr = clone(KernelRidge()).set_params(n_iter=10).fit(X, y)
    assert kr.objective_[-1] < kr.objective_[0]
    return kr.dual_coef_


if __name__ == "__main__":
    main(*inputs())
