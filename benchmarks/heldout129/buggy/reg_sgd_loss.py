"""regression/sgd.py: feature-sharded linear regression trained by full-batch gradient descent."""
import functools

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


def mesh_axes(*dims):
    return tuple(DIM_TO_AXIS[d] for d in dims)


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


class ShardedLinear:
    x_dims = ("batch", "feature")
    w_dims = ("feature",)
    y_dims = ("batch",)

    def __init__(self, mesh, lr=0.1):
        self.mesh, self.lr = mesh, lr

    def predict(self, x, w):
        return jax.lax.psum(x @ w, DIM_TO_AXIS["feature"])

    def loss(self, x, y, w):
        err = self.predict(x, w) - y
        return jax.lax.pmean(jnp.mean(err * err), mesh_axes(*self.x_dims))

    def step(self, x, y, w):
        err = self.predict(x, w) - y
        n = x.shape[0] * jax.lax.axis_size(DIM_TO_AXIS["batch"])
        grad = jax.lax.psum(x.T @ err, DIM_TO_AXIS["batch"]) * (2.0 / n)
        return w - self.lr * grad, self.loss(x, y, w)

    def train(self, X: DataArray, y: DataArray, steps=5):
        xs, ws, ys = spec_of(self.x_dims), spec_of(self.w_dims), spec_of(self.y_dims)
        Xp = jax.device_put(jnp.asarray(X.data, jnp.float32), NamedSharding(self.mesh, xs))
        yp = jax.device_put(jnp.asarray(y.data, jnp.float32), NamedSharding(self.mesh, ys))
        w = jax.device_put(jnp.zeros(X.shape["feature"], jnp.float32), NamedSharding(self.mesh, ws))
        step = jax.jit(jax.shard_map(self.step, mesh=self.mesh, in_specs=(xs, ys, ws),
                                     out_specs=(ws, P())))
        history = []
        for _ in range(steps):
            w, l = step(Xp, yp, w)
            history.append(float(l))
        return w, history


def standardise(df, cols):
    stats = {c: (df[c].mean(), df[c].std() + 1e-6) for c in cols}
    return df.assign(**{c: (df[c] - m) / s for c, (m, s) in stats.items()})


def inputs():
    rng = np.random.default_rng(4)
    n = 32
    df = DataFrame({
        "temp": rng.uniform(-5, 35, n),
        "humidity": rng.uniform(10, 95, n),
        "wind": rng.uniform(0, 20, n),
        "holiday": rng.integers(0, 2, n).astype(np.float64),
    })
    df = df.assign(demand=lambda d: 2.0 * d["temp"] - 0.3 * d["humidity"] + 5.0 * d["holiday"])
    return df,


def main(df):
    mesh = jax.make_mesh((4, 2), ("data", "feature"))
    cols = ["temp", "humidity", "wind", "holiday"]
    z = df.pipe(standardise, cols + ["demand"])
    X = DataArray(z[cols].to_numpy(), ("batch", "feature"), {"feature": np.array(cols)})
    y = DataArray(z["demand"], ("batch",))
    with jax.set_mesh(mesh):
        w, history = ShardedLinear(mesh).train(X, y)
    print("loss", [round(h, 4) for h in history])
    return w


if __name__ == "__main__":
    main(*inputs())
