"""regression/logistic.py: churn propensity by logistic regression, features split over the feature axis."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# --- labelled data (a small pandas/xarray stand-in; the real packages are not installed) -------

import re
import operator

_OPS = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le,
        "==": operator.eq, "!=": operator.ne}
_CLAUSE = re.compile(r"\s*(\w+)\s*(>=|<=|==|!=|>|<)\s*([\w.\-']+)\s*")


class DataFrame:
    """Columns are NumPy arrays of one length, kept in insertion order."""

    def __init__(self, columns):
        self._cols = {k: np.asarray(v) for k, v in dict(columns).items()}
        lengths = {len(v) for v in self._cols.values()}
        if len(lengths) > 1:
            raise ValueError(f"columns of different lengths: {sorted(lengths)}")

    @property
    def columns(self):
        return list(self._cols)

    def __len__(self):
        return len(next(iter(self._cols.values()))) if self._cols else 0

    def __getitem__(self, key):
        if isinstance(key, str):
            return self._cols[key]
        return DataFrame({k: self._cols[k] for k in key})

    @property
    def loc(self):
        frame = self

        class _Loc:
            def __getitem__(self, key):
                rows, cols = key if isinstance(key, tuple) else (key, slice(None))
                names = frame.columns if cols == slice(None) else ([cols] if isinstance(cols, str) else cols)
                out = {k: frame._cols[k][rows] for k in names}
                return out[names[0]] if isinstance(cols, str) else DataFrame(out)

        return _Loc()

    def assign(self, **kw):
        cols = dict(self._cols)
        for k, v in kw.items():
            cols[k] = v(self) if callable(v) else v
        return DataFrame(cols)

    def pipe(self, fn, *args, **kw):
        return fn(self, *args, **kw)

    def query(self, expr):
        mask = np.ones(len(self), dtype=bool)
        for clause in expr.split(" and "):
            m = _CLAUSE.fullmatch(clause)
            if m is None:
                raise ValueError(f"cannot parse {clause!r}")
            col, op, lit = m.groups()
            value = lit.strip("'") if lit.startswith("'") else float(lit)
            mask &= _OPS[op](self._cols[col], value)
        return DataFrame({k: v[mask] for k, v in self._cols.items()})

    def groupby(self, col):
        return _GroupBy(self, col)

    def to_numpy(self, dtype=np.float32):
        return np.stack([self._cols[k].astype(dtype) for k in self._cols], axis=1)


class _GroupBy:
    def __init__(self, frame, col):
        self.frame, self.col = frame, col
        self.keys, self.codes = np.unique(frame[col], return_inverse=True)

    def agg(self, spec):
        out = {self.col: self.keys}
        for name, how in spec.items():
            vals = self.frame[name]
            fn = getattr(np, how) if isinstance(how, str) else how
            out[name] = np.array([fn(vals[self.codes == g]) for g in range(len(self.keys))])
        return DataFrame(out)


class DataArray:
    """An array with named dimensions and coordinate labels per dimension."""

    def __init__(self, data, dims, coords=None, name=None):
        self.data = np.asarray(data) if not isinstance(data, jax.Array) else data
        self.dims = tuple(dims)
        if len(self.dims) != self.data.ndim:
            raise ValueError(f"{len(self.dims)} dims for an array of rank {self.data.ndim}")
        self.coords = {d: np.asarray(c) for d, c in (coords or {}).items()}
        self.name = name

    @property
    def shape(self):
        return dict(zip(self.dims, self.data.shape))

    def sel(self, **labels):
        index = [slice(None)] * len(self.dims)
        coords = dict(self.coords)
        for dim, label in labels.items():
            ax = self.dims.index(dim)
            hit = np.isin(self.coords[dim], np.atleast_1d(label))
            index[ax] = np.flatnonzero(hit)
            coords[dim] = self.coords[dim][hit]
        return DataArray(self.data[tuple(index)], self.dims, coords, self.name)

    def transpose(self, *dims):
        order = [self.dims.index(d) for d in dims]
        return DataArray(np.transpose(self.data, order), dims,
                         {d: self.coords[d] for d in dims if d in self.coords}, self.name)

    def reduce(self, fn, dim):
        ax = self.dims.index(dim)
        dims = tuple(d for d in self.dims if d != dim)
        return DataArray(fn(self.data, axis=ax), dims,
                         {d: c for d, c in self.coords.items() if d != dim}, self.name)

    def to_numpy(self):
        return np.asarray(self.data)

# --- end of the labelled-data section -------------------------------------------------------

# --- library ---------------------------------------------------------------------------------

DIM_TO_AXIS = {"batch": "data", "feature": "feature"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


class Logistic:
    x_dims, w_dims, y_dims = ("batch", "feature"), ("feature",), ("batch",)

    def __init__(self, mesh, lr=0.5, l2=1e-3):
        self.mesh, self.lr, self.l2 = mesh, lr, l2
        self.batch_axis = DIM_TO_AXIS["batch"]
        self.feature_axis = DIM_TO_AXIS["feature"]

    def logits(self, x, w):
        return jax.lax.psum(x @ w, self.feature_axis)

    def step(self, x, y, w):
        z = self.logits(x, w)
        p = jax.nn.sigmoid(z)
        n = x.shape[0] * jax.lax.axis_size(self.batch_axis)
        grad = jax.lax.psum(x.T @ (p - y), self.batch_axis) / n + self.l2 * w
        nll = -(y * jax.nn.log_sigmoid(z) + (1 - y) * jax.nn.log_sigmoid(-z))
        loss = jax.lax.pmean(jnp.mean(nll), self.batch_axis)
        return w - self.lr * grad, loss

    def fit(self, X: DataArray, y: DataArray, steps=8):
        xs, ws, ys = spec_of(self.x_dims), spec_of(self.w_dims), spec_of(self.y_dims)
        put = lambda a, s: jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(self.mesh, s))
        Xp, yp = put(X.data, xs), put(y.data, ys)
        w = put(np.zeros(X.shape["feature"]), ws)
        step = jax.jit(jax.shard_map(self.step, mesh=self.mesh, in_specs=(xs, ys, ws),
                                     out_specs=(ws, P())))
        losses = []
        for _ in range(steps):
            w, loss = step(Xp, yp, w)
            losses.append(float(loss))
        return DataArray(np.asarray(w), self.w_dims, {"feature": X.coords["feature"]}), losses


def churn_features(df: DataFrame):
    return (df.query("tenure_m >= 1")
              .assign(log_tenure=lambda d: np.log(d["tenure_m"]),
                      tickets_pm=lambda d: d["tickets"] / d["tenure_m"],
                      discount=lambda d: (d["plan"] == 0).astype(np.float64),
                      bias=lambda d: np.ones(len(d))))


def inputs():
    rng = np.random.default_rng(42)
    n = 72
    tenure = rng.integers(1, 48, n).astype(np.float64)
    tickets = rng.poisson(2.0, n).astype(np.float64)
    plan = rng.integers(0, 3, n)
    logit = -1.0 - 0.6 * np.log(tenure) + 0.8 * tickets / tenure + 0.5 * (plan == 0)
    churned = (rng.uniform(size=n) < 1 / (1 + np.exp(-logit))).astype(np.float64)
    return DataFrame({"tenure_m": tenure, "tickets": tickets, "plan": plan, "churned": churned}),


def main(df):
    mesh = jax.make_mesh((4, 2), ("data", "feature"))
    d = df.pipe(churn_features)
    d = d.loc[: (len(d) // 4) * 4]
    cols = ["bias", "log_tenure", "tickets_pm", "discount"]
    X = DataArray(d[cols].to_numpy(), ("batch", "feature"), {"feature": np.array(cols)})
    y = DataArray(d["churned"], ("batch",))
    with jax.set_mesh(mesh):
        w, losses = Logistic(mesh).fit(X, y)
    print("coef", dict(zip(cols, w.to_numpy().round(3))), "loss", round(losses[-1], 4))
    return w.data


if __name__ == "__main__":
    main(*inputs())
