"""retention/export.py: the cohort x period activity matrix regathered per cohort group and in full."""
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

DIM_TO_AXIS = {"cohort": "cohort", "period": "period"}
EXPORTS = {
    # name -> (dims kept sharded, multi_dim)
    "per_cohort_group": (("cohort",), False),
    "full": ((), True),
}


def spec_of(dims, keep=None, **kw):
    keep = dims if keep is None else keep
    return P(*(DIM_TO_AXIS.get(d) if d in keep else None for d in dims), **kw)


def export_spec(dims, keep):
    dropped = {DIM_TO_AXIS[d] for d in dims if d not in keep and DIM_TO_AXIS.get(d)}
    return spec_of(dims, keep, reduced=dropped)


@jax.jit
def retention(active, size):
    return active / jnp.maximum(size, 1.0)


def export_all(da: DataArray, mesh):
    sh = NamedSharding(mesh, spec_of(da.dims))
    x = jax.device_put(jnp.asarray(da.data, jnp.float32), sh)
    size = jax.device_put(jnp.asarray(da.data[:, :1], jnp.float32), NamedSharding(mesh, P("cohort", None)))
    x = jax.reshard(retention(x, size), spec_of(da.dims))
    out = {}
    for name, (keep, multi) in EXPORTS.items():
        y = top_level_all_gather(x, export_spec(da.dims, keep), multi_dim=multi)
        out[name] = DataArray(np.asarray(y), da.dims, da.coords, name=name)
    return out


def activity(df: DataFrame, n_c, n_p):
    d = df.assign(cell=lambda t: t["cohort"] * n_p + t["period"])
    agg = d.groupby("cell").agg({"user": len})
    grid = np.zeros(n_c * n_p)
    grid[agg["cell"]] = agg["user"]
    return DataArray(grid.reshape(n_c, n_p), ("cohort", "period"),
                     {"cohort": np.arange(n_c), "period": np.arange(n_p)}, name="active")


def inputs():
    rng = np.random.default_rng(46)
    rows = []
    for c in range(4):
        for u in range(25):
            for p in range(min(rng.geometric(0.2), 8)):
                rows.append((c, p, u))
    a = np.array(rows)
    return DataFrame({"cohort": a[:, 0], "period": a[:, 1], "user": a[:, 2]}), 4, 8


def main(df, n_c, n_p):
    mesh = jax.make_mesh((2, 4), ("cohort", "period"))
    act = activity(df, n_c, n_p)
    with jax.set_mesh(mesh):
        out = export_all(act, mesh)
    full = out["full"]
    print("period-4 retention", full.sel(period=4).to_numpy().round(3).ravel())
    return full.data


if __name__ == "__main__":
    main(*inputs())
