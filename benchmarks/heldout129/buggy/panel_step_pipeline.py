"""panel/transforms.py: a small step pipeline of panel transforms (align, lag, growth) per country."""
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

DIM_TO_AXIS = {"country": "entity", "year": "time"}
TIME = DIM_TO_AXIS["year"]

STEPS = {}


def step(fn):
    STEPS[fn.__name__] = fn
    return fn


@step
def align(x, ctx):
    """Every device sees the whole year range (for the base-year index)."""
    return jax.lax.all_gather(x, TIME, axis=1, tiled=True, to="reduced")


@step
def lag(x, ctx):
    """Shift one year block forward along the time axis (the first block gets the last one)."""
    n = ctx["time_blocks"]
    perm = [(i, (i + 1) % n) for i in range(n)]
    return jax.lax.ppermute(x, TIME, perm)


@step
def growth(x, ctx):
    prev = lag(x, ctx)
    return (x - prev) / (jnp.abs(prev) + 1e-6)


def run_steps(names, ctx):
    def body(x):
        for name in names:
            x = STEPS[name](x, ctx)
        return x
    return body


def spec_of(da):
    return P(*(DIM_TO_AXIS.get(d) for d in da.dims))


def transform(panel: DataArray, mesh, names):
    spec = spec_of(panel)
    ctx = {"time_blocks": mesh.shape[TIME]}
    xp = jax.device_put(jnp.asarray(panel.data, jnp.float32), NamedSharding(mesh, spec))
    out = jax.shard_map(run_steps(names, ctx), mesh=mesh, in_specs=spec, out_specs=spec)(xp)
    return DataArray(np.asarray(out), panel.dims, panel.coords, name="_".join(names))


def gdp_panel(df):
    c = np.unique(df["country"])
    y = np.unique(df["year"])
    grid = np.full((len(c), len(y)), np.nan)
    grid[np.searchsorted(c, df["country"]), np.searchsorted(y, df["year"])] = df["gdp_pc"]
    return DataArray(grid, ("country", "year"), {"country": c, "year": y}, name="gdp_pc")


def inputs():
    rng = np.random.default_rng(8)
    countries = np.repeat(np.arange(6), 8)
    years = np.tile(np.arange(2000, 2008), 6)
    df = DataFrame({
        "country": countries,
        "year": years,
        "gdp": rng.uniform(50, 500, len(years)) * (1.02 ** (years - 2000)),
        "pop": rng.uniform(1, 80, len(years)),
    })
    return df, ["align", "lag"]


def main(df, names):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    df = df.assign(gdp_pc=lambda d: d["gdp"] / d["pop"])
    panel = gdp_panel(df)
    with jax.set_mesh(mesh):
        lagged = transform(panel, mesh, names)
    print("lagged", lagged.sel(country=0).to_numpy().round(2))
    return lagged.data


if __name__ == "__main__":
    main(*inputs())
