"""panel/long_format.py: long-format panel (one row per firm-quarter), partially regathered per quarter."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

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

DIM_TO_AXIS = {"obs": ("entity", "time"), "var": None}
# after the regather each quarter-group of devices holds whole firms
REGATHER_TO = {"obs": "time", "var": None}


def spec_of(dims, table=DIM_TO_AXIS, **extra):
    return P(*(table.get(d) for d in dims), **extra)


def gathered_axes(dims):
    before = {a for d in dims for a in np.atleast_1d(DIM_TO_AXIS.get(d) or ())}
    after = {a for d in dims for a in np.atleast_1d(REGATHER_TO.get(d) or ())}
    return before - after


@jax.jit
def winsorise(x, limit=4.0):
    z = (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)
    return jnp.clip(z, -limit, limit)


class LongPanel:
    def __init__(self, frame: DataFrame, cols, mesh):
        self.cols = list(cols)
        self.mesh = mesh
        self.da = DataArray(frame[self.cols].to_numpy(), ("obs", "var"),
                            {"var": np.array(self.cols)}, name="long")

    def place(self):
        return jax.device_put(jnp.asarray(self.da.data),
                              NamedSharding(self.mesh, spec_of(self.da.dims)))

    def regather(self, x):
        out = spec_of(self.da.dims, REGATHER_TO, reduced=gathered_axes(self.da.dims))
        return top_level_all_gather(x, out)


def clean(df):
    return (df.query("assets > 0 and sales > 0")
              .assign(roa=lambda d: d["income"] / d["assets"],
                      log_sales=lambda d: np.log(d["sales"]),
                      leverage=lambda d: d["debt"] / d["assets"]))


def inputs():
    rng = np.random.default_rng(9)
    n = 64
    return DataFrame({
        "firm": np.repeat(np.arange(8), 8),
        "quarter": np.tile(np.arange(8), 8),
        "assets": rng.uniform(10, 100, n),
        "sales": rng.uniform(5, 80, n),
        "income": rng.normal(2, 3, n),
        "debt": rng.uniform(0, 60, n),
    }), ("roa", "log_sales", "leverage", "quarter")


def main(df, cols):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    frame = df.pipe(clean)
    with jax.set_mesh(mesh):
        panel = LongPanel(frame, cols, mesh)
        x = winsorise(panel.place())
        x = jax.reshard(x, spec_of(panel.da.dims))
        per_quarter = panel.regather(x)
    print("regathered", per_quarter.shape, per_quarter.sharding.spec)
    return per_quarter


if __name__ == "__main__":
    main(*inputs())
