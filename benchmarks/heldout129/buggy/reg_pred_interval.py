"""regression/intervals.py: prediction intervals for a fitted model, one table for every host."""
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

DIM_TO_AXIS = {"batch": "data", "feature": None, "bound": None}
Z = {"90%": 1.645, "95%": 1.96}


def spec_of(dims, **extra):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **extra)


def interval_body(level):
    z = Z[level]
    batch_axis = DIM_TO_AXIS["batch"]

    def body(x, y, w):
        pred = x @ w
        resid = pred - y
        n = resid.shape[0] * jax.lax.axis_size(batch_axis)
        sigma = jnp.sqrt(jax.lax.psum(jnp.sum(resid * resid), batch_axis) / (n - x.shape[1]))
        everyone = jax.lax.all_gather(pred, batch_axis, tiled=True, to="reduced")
        lo = everyone - z * sigma
        hi = everyone + z * sigma
        return jnp.stack([lo, hi], axis=1)

    return body


def intervals(X: DataArray, y: DataArray, w, mesh, level="95%"):
    xs, ys = spec_of(X.dims), spec_of(y.dims)
    Xp = jax.device_put(jnp.asarray(X.data, jnp.float32), NamedSharding(mesh, xs))
    yp = jax.device_put(jnp.asarray(y.data, jnp.float32), NamedSharding(mesh, ys))
    out = jax.shard_map(interval_body(level), mesh=mesh, in_specs=(xs, ys, P()),
                        out_specs=P(None, None, reduced={DIM_TO_AXIS["batch"]}))
    band = out(Xp, yp, jnp.asarray(w, jnp.float32))
    return DataArray(band, ("batch", "bound"), {"bound": np.array(["lo", "hi"])}, name=level)


def fit(df, cols, target):
    x = df[cols].to_numpy(np.float64)
    return np.linalg.lstsq(x, df[target].astype(np.float64), rcond=None)[0]


def prepare(df):
    return (df.query("visits >= 1")
              .assign(log_visits=lambda d: np.log(d["visits"]),
                      mobile=lambda d: (d["device"] == 1).astype(np.float64)))


def inputs():
    rng = np.random.default_rng(5)
    n = 48
    visits = rng.integers(1, 50, n).astype(np.float64)
    device = rng.integers(0, 3, n)
    spend = 12.0 * np.log(visits) + 4.0 * (device == 1) + rng.normal(0, 2, n)
    return DataFrame({"visits": visits, "device": device, "spend": spend}),


def main(df):
    mesh = jax.make_mesh((8,), ("data",))
    d = df.pipe(prepare)
    d = d.assign(bias=np.ones(len(d)))
    d = d.loc[: (len(d) // 8) * 8]
    cols = ["bias", "log_visits", "mobile"]
    w = fit(d, cols, "spend")
    X = DataArray(d[cols].to_numpy(), ("batch", "feature"), {"feature": np.array(cols)})
    y = DataArray(d["spend"], ("batch",))
    with jax.set_mesh(mesh):
        band = intervals(X, y, w, mesh)
    width = np.asarray(band.sel(bound="hi").data - band.sel(bound="lo").data)
    print("interval width", float(width.mean()))
    return band.data


if __name__ == "__main__":
    main(*inputs())
