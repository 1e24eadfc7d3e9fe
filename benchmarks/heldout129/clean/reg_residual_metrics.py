"""regression/diagnostics.py: residual diagnostics of a fitted linear model (registry of metrics)."""
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

DIM_TO_AXIS = {"batch": "data", "feature": None}
SAMPLE_AXIS = DIM_TO_AXIS["batch"]

METRICS = {}


def metric(name):
    def register(fn):
        METRICS[name] = fn
        return fn
    return register


@metric("sse")
def _sse(resid, n_total):
    return jax.lax.psum(jnp.sum(resid * resid), SAMPLE_AXIS)


@metric("mae")
def _mae(resid, n_total):
    return jax.lax.psum(jnp.sum(jnp.abs(resid)), SAMPLE_AXIS) / n_total


def spec_of(da):
    return P(*(DIM_TO_AXIS.get(d) for d in da.dims))


def residuals(x, y, w):
    return x @ w - y


def diagnose(X: DataArray, y: DataArray, w, mesh, wanted=("sse", "mae"), keep_all=True):
    xs, ys = spec_of(X), spec_of(y)
    Xp = jax.device_put(jnp.asarray(X.data, jnp.float32), NamedSharding(mesh, xs))
    yp = jax.device_put(jnp.asarray(y.data, jnp.float32), NamedSharding(mesh, ys))
    n_total = X.shape["batch"]

    def body(x, yy, ww):
        r = residuals(x, yy, ww)
        out = {name: METRICS[name](r, n_total) for name in wanted}
        if keep_all:
            # the full residual vector is kept for the QQ plot (after the metrics used the local one)
            out["resid"] = jax.lax.all_gather(r, SAMPLE_AXIS, tiled=True, to="reduced")
        return out

    f = jax.shard_map(body, mesh=mesh, in_specs=(xs, ys, P()),
                      out_specs={**{name: P() for name in wanted},
                                 **({"resid": P(reduced={SAMPLE_AXIS})} if keep_all else {})})
    return f(Xp, yp, jnp.asarray(w, jnp.float32))


def prepare(df):
    return (df.query("hours > 0")
              .assign(hours_sq=lambda d: d["hours"] ** 2,
                      remote=lambda d: (d["office_days"] < 2).astype(np.float64),
                      bias=lambda d: np.ones(len(d))))


def inputs():
    rng = np.random.default_rng(2)
    n = 40
    hours = rng.uniform(1, 12, n)
    df = DataFrame({
        "hours": hours,
        "office_days": rng.integers(0, 6, n).astype(np.float64),
        "output": 3.0 * hours + rng.normal(0, 1.0, n),
    })
    return df, np.array([3.0, 0.0, 0.5, 0.0])


def main(df, w):
    mesh = jax.make_mesh((4, 2), ("data", "other"))
    d = df.pipe(prepare)
    d = d.loc[: (len(d) // 4) * 4]
    cols = ["hours", "hours_sq", "remote", "bias"]
    X = DataArray(d[cols].to_numpy(), ("batch", "feature"), {"feature": np.array(cols)})
    y = DataArray(d["output"], ("batch",))
    with jax.set_mesh(mesh):
        out = diagnose(X, y, w, mesh)
    print({k: round(float(v), 3) for k, v in out.items() if k != "resid"})
    return out


if __name__ == "__main__":
    main(*inputs())
