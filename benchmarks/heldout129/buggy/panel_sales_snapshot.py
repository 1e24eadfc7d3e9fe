"""panel/snapshots.py: full-history snapshots of a store x week sales panel for the dashboard."""
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

DIM_TO_AXIS = {"store": "entity", "week": "time"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def history(x, time_dim="week"):
    """Every device gets the store's whole history (needed by the seasonal view)."""
    return jax.lax.all_gather(x, DIM_TO_AXIS[time_dim], axis=1, tiled=True, to="reduced")


class Snapshot:
    def __init__(self, dims):
        self.dims = tuple(dims)
        self.axes = tuple(DIM_TO_AXIS[d] for d in self.dims)

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=0, tiled=True, to="reduced")

    def out_spec(self):
        return P(*(None for _ in self.dims), reduced=set(self.axes))


def dashboard(panel: DataArray, mesh):
    spec = spec_of(panel.dims)
    snap = Snapshot(panel.dims)
    xp = jax.device_put(jnp.asarray(panel.data, jnp.float32), NamedSharding(mesh, spec))

    def body(x):
        full = history(x)
        return snap(full)

    f = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=snap.out_spec())
    return DataArray(f(xp), panel.dims, panel.coords, name="snapshot")


def weekly(df):
    return (df.query("units >= 0")
              .assign(revenue=lambda d: d["units"] * d["price"])
              .groupby("key").agg({"revenue": "sum", "units": "sum"}))


def to_panel(df, stores, weeks):
    grid = df["revenue"].reshape(stores, weeks)
    return DataArray(grid, ("store", "week"),
                     {"store": np.arange(stores), "week": np.arange(weeks)}, name="revenue")


def inputs():
    rng = np.random.default_rng(7)
    stores, weeks, per_week = 4, 8, 3
    n = stores * weeks * per_week
    key = np.repeat(np.arange(stores * weeks), per_week)
    df = DataFrame({
        "key": key,
        "units": rng.integers(0, 30, n).astype(np.float64),
        "price": rng.uniform(2.0, 9.0, n),
    })
    return df, stores, weeks


def main(df, stores, weeks):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    table = df.pipe(weekly)
    panel = to_panel(table, stores, weeks)
    with jax.set_mesh(mesh):
        snap = dashboard(panel, mesh)
    print("snapshot", snap.shape)
    return snap.data


if __name__ == "__main__":
    main(*inputs())
