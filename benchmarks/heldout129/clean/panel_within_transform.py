"""panel/within.py: the within (fixed-effects) transform of a firm x quarter panel."""
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

DIM_TO_AXIS = {"firm": "entity", "quarter": "time"}


def axis_of(dim):
    return DIM_TO_AXIS[dim]


def spec_of(da):
    return P(*(DIM_TO_AXIS.get(d) for d in da.dims))


class WithinTransform:
    """x_it - mean_t(x_it): removes each firm's level before pooling."""

    reduce_dim = "quarter"
    log_dim = "firm"

    def __init__(self, mesh, n_quarters):
        self.mesh = mesh
        self.n_quarters = n_quarters

    def firm_means(self, x):
        return jax.lax.psum(jnp.sum(x, axis=1), axis_of(self.reduce_dim)) / self.n_quarters

    def body(self, x):
        mu = self.firm_means(x)
        logged = jax.lax.all_gather(mu, axis_of(self.log_dim), to="reduced")
        return x - mu[:, None], logged

    def __call__(self, panel: DataArray):
        spec = spec_of(panel)
        xp = jax.device_put(jnp.asarray(panel.data, jnp.float32), NamedSharding(self.mesh, spec))
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=spec,
                          out_specs=(spec, P(None, None, reduced={axis_of(self.log_dim)})))
        demeaned, logged = f(xp)
        return DataArray(demeaned, panel.dims, panel.coords, name=f"{panel.name}_within"), logged


def to_panel(df, value):
    firms = np.unique(df["firm"])
    quarters = np.unique(df["quarter"])
    grid = np.zeros((len(firms), len(quarters)))
    fi = np.searchsorted(firms, df["firm"])
    qi = np.searchsorted(quarters, df["quarter"])
    grid[fi, qi] = df[value]
    return DataArray(grid, ("firm", "quarter"), {"firm": firms, "quarter": quarters}, name=value)


def inputs():
    rng = np.random.default_rng(6)
    firms = np.repeat(np.arange(4), 8)
    quarters = np.tile(np.arange(8), 4)
    level = np.array([10.0, 20.0, 5.0, 40.0])[firms]
    df = DataFrame({
        "firm": firms,
        "quarter": quarters,
        "revenue": level + rng.normal(0, 1.0, len(firms)),
        "staff": rng.integers(5, 50, len(firms)).astype(np.float64),
    })
    return df,


def main(df):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    df = df.assign(rev_per_staff=lambda d: d["revenue"] / d["staff"])
    summary = df.groupby("firm").agg({"revenue": "mean", "staff": "max"})
    panel = to_panel(df, "revenue")
    with jax.set_mesh(mesh):
        within, logged = WithinTransform(mesh, panel.shape["quarter"])(panel)
    print("firm means", summary["revenue"].round(2))
    print("max |within|", float(jnp.max(jnp.abs(within.data))))
    return within.data


if __name__ == "__main__":
    main(*inputs())
