"""ensemble/soft_vote.py: soft voting of classifier members; member probabilities are gathered over
the member axis and renormalised with the voting weights."""
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


class SoftVoter(BaseEstimator):
    def __init__(self, weights=(0.5, 0.5), temperature=1.0):
        self.weights = weights
        self.temperature = temperature

    def fit(self, logits, y=None):
        self.mesh_ = jax.make_mesh((2, 4), ("member", "data"))
        self.n_members_ = logits.shape[0]
        return self

    def predict_proba(self, logits):
        check_is_fitted(self, "n_members_")
        L = jax.device_put(logits, NamedSharding(self.mesh_, P("member", "data", None)))
        w = jnp.asarray(self.weights, jnp.float32)
        T = self.temperature

        def body(lb, w):
            probs = jax.nn.softmax(lb / T, axis=-1) * w[jax.lax.axis_index("member")]
            return jax.lax.psum(probs.sum(0), "member")

        return np.asarray(jax.shard_map(body, mesh=self.mesh_, in_specs=(P("member", "data", None), P()),
                                        out_specs=P("data", None))(L, w))


def inputs():
    rng = np.random.default_rng(4)
    return (rng.normal(size=(2, 8, 3)).astype(np.float32),)


def main(logits):
    voter = SoftVoter().set_params(temperature=2.0).fit(logits)
    p = voter.predict_proba(logits)
    assert np.allclose(p.sum(1), 1.0, atol=1e-5)
    return p


if __name__ == "__main__":
    main(*inputs())
