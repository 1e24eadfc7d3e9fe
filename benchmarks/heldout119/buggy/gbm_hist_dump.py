"""boosting/hist_dump.py: the gradient/hessian histograms of one boosting round, split over the
feature-bin axis, dumped whole for debugging; dump axes come from a ParameterGrid."""
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


class HistogramBuilder(BaseEstimator):
    def __init__(self, n_bins=4, dump_axes=("data",)):
        self.n_bins = n_bins
        self.dump_axes = dump_axes

    def fit(self, X, grad):
        self.mesh_ = jax.make_mesh((4, 2), ("data", "bins"))
        nb = self.n_bins
        B = np.clip((X * nb).astype(np.int32), 0, nb - 1)
        Bs = jax.device_put(B, NamedSharding(self.mesh_, P("data", "bins")))
        gs = jax.device_put(grad, NamedSharding(self.mesh_, P("data")))

        def build(bb, g):
            h = jnp.stack([jax.ops.segment_sum(g, bb[:, k], nb) for k in range(bb.shape[1])])
            return jax.lax.psum(h, "data")

        self.hist_ = jax.shard_map(build, mesh=self.mesh_, in_specs=(P("data", "bins"), P("data")),
                                   out_specs=P("bins", None))(Bs, gs)
        return self

    def dump(self):
        check_is_fitted(self, "hist_")
        axes = self.dump_axes
        H = jax.device_put(self.hist_, NamedSharding(self.mesh_, P("bins", "data")))

        def body(hb):
            per_feature = jax.lax.all_gather(hb, "bins", axis=0, tiled=True, to="reduced")
            return jax.lax.all_gather(per_feature, axes, axis=1, tiled=True, to="reduced")

        return np.asarray(jax.shard_map(body, mesh=self.mesh_, in_specs=P("bins", "data"),
                                        out_specs=P(None, None, reduced={"bins", *axes}))(H))


def inputs():
    rng = np.random.default_rng(1)
    return rng.uniform(0, 1, size=(16, 4)).astype(np.float32), rng.normal(size=16).astype(np.float32)


def main(X, g):
    dumps = []
    for params in ParameterGrid({"n_bins": [4], "dump_axes": [("data",), ("bins", "data")]}):
        builder = HistogramBuilder().set_params(**params).fit(X, g)
        d = builder.dump()
        assert np.allclose(d.sum(1), g.sum(), atol=1e-4)
        dumps.append(d)
    return dumps


if __name__ == "__main__":
    main(*inputs())
