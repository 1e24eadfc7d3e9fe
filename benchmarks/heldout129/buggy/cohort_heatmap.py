"""retention/heatmap.py: the classic cohort retention heatmap (share of each cohort active per period)."""
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

DIM_TO_AXIS = {"cohort": "cohort", "period": "period"}


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def lifetimes(active, period_axis):
    """Each cohort's whole lifetime on its devices (the first period is the cohort size)."""
    return jax.lax.all_gather(active, period_axis, axis=1, tiled=True, to="reduced")


def heatmap_body(dims):
    period_axis = DIM_TO_AXIS["period"]
    plot_axes = tuple(DIM_TO_AXIS[d] for d in dims)

    def body(active):
        life = lifetimes(active, period_axis)
        share = life / life[:, :1]
        return jax.lax.all_gather(share, plot_axes, axis=0, tiled=True, to="reduced")

    return body


def heatmap(active: DataArray, mesh):
    spec = spec_of(active.dims)
    ap = jax.device_put(jnp.asarray(active.data, jnp.float32), NamedSharding(mesh, spec))
    out = P(None, None, reduced={DIM_TO_AXIS[d] for d in active.dims})
    f = jax.shard_map(heatmap_body(active.dims), mesh=mesh, in_specs=spec, out_specs=out)
    return DataArray(f(ap), active.dims, active.coords, name="retention_share")


def signups_to_matrix(df: DataFrame, n_cohorts, n_periods):
    m = np.zeros((n_cohorts, n_periods))
    first = df.groupby("user").agg({"month": "min"})
    lookup = dict(zip(first["user"], first["month"]))
    for u, month in zip(df["user"], df["month"]):
        c = int(lookup[u])
        p = int(month) - c
        if c < n_cohorts and p < n_periods:
            m[c, p] += 1
    return DataArray(m, ("cohort", "period"),
                     {"cohort": np.arange(n_cohorts), "period": np.arange(n_periods)}, name="active")


def inputs():
    rng = np.random.default_rng(37)
    users, months = [], []
    for u in range(120):
        start = rng.integers(0, 4)
        stay = rng.geometric(0.25)
        for m in range(start, start + min(stay, 8)):
            users.append(u)
            months.append(m)
    return DataFrame({"user": np.array(users), "month": np.array(months)}), 4, 8


def main(df, n_cohorts, n_periods):
    mesh = jax.make_mesh((2, 4), ("cohort", "period"))
    active = signups_to_matrix(df, n_cohorts, n_periods)
    with jax.set_mesh(mesh):
        share = heatmap(active, mesh)
    print("month-3 retention", np.asarray(share.data)[:, 3].round(3))
    return share.data


if __name__ == "__main__":
    main(*inputs())
