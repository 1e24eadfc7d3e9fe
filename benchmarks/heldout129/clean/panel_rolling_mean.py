"""panel/rolling.py: 3-period rolling means of a firm x month panel, halos exchanged along time."""
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

DIM_TO_AXIS = {"firm": "entity", "month": "time"}


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


class Rolling:
    """Trailing window mean; the first months of a block borrow the previous block's tail."""

    def __init__(self, window, mesh, time_dim="month"):
        self.window = window
        self.mesh = mesh
        self.axis = DIM_TO_AXIS[time_dim]
        self.blocks = mesh.shape[self.axis]

    def halo(self, x):
        tail = x[:, -(self.window - 1):]
        perm = [(i, i + 1) for i in range(self.blocks - 1)]
        return jax.lax.ppermute(tail, self.axis, perm)   # the first block receives zeros

    def body(self, x):
        ext = jnp.concatenate([self.halo(x), x], axis=1)
        csum = jnp.cumsum(ext, axis=1)
        csum = jnp.concatenate([jnp.zeros_like(csum[:, :1]), csum], axis=1)
        win = csum[:, self.window:] - csum[:, :-self.window]
        mean = win / self.window
        # the dashboard wants whole rows: gather the finished means along time
        return jax.lax.all_gather(mean, self.axis, axis=1, tiled=True, to="reduced")

    def __call__(self, da: DataArray):
        spec = spec_of(da.dims)
        xp = jax.device_put(jnp.asarray(da.data, jnp.float32), NamedSharding(self.mesh, spec))
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=spec,
                          out_specs=spec_of(("firm", None), reduced={self.axis}))
        return DataArray(np.asarray(f(xp)), da.dims, da.coords, name=f"{da.name}_roll{self.window}")


def panel_from(df: DataFrame, value):
    firms, months = np.unique(df["firm"]), np.unique(df["month"])
    grid = np.zeros((len(firms), len(months)))
    grid[np.searchsorted(firms, df["firm"]), np.searchsorted(months, df["month"])] = df[value]
    return DataArray(grid, ("firm", "month"), {"firm": firms, "month": months}, name=value)


def inputs():
    rng = np.random.default_rng(43)
    firms = np.repeat(np.arange(4), 16)
    months = np.tile(np.arange(16), 4)
    sales = 100 + 5 * months + rng.normal(0, 8, months.size)
    return DataFrame({"firm": firms, "month": months, "sales": sales}),


def main(df):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    df = df.query("sales > 0")
    panel = panel_from(df, "sales")
    with jax.set_mesh(mesh):
        roll = Rolling(3, mesh)(panel)
    print("firm 0 rolling", roll.sel(firm=0).to_numpy().round(1)[0, 2:6])
    return roll.data


if __name__ == "__main__":
    main(*inputs())
