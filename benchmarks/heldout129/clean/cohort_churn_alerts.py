"""retention/churn.py: churned users per cohort and the churn counts scattered back for the per-shard alerts."""
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
ALERT_DIMS = ("cohort", "period")


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def churned(active):
    # users lost between consecutive periods inside the local block (boundary handled by ppermute)
    n = jax.lax.axis_size(DIM_TO_AXIS["period"])
    nxt = jax.lax.ppermute(active[:, :1], DIM_TO_AXIS["period"], [(i, (i - 1) % n) for i in range(n)])
    ahead = jnp.concatenate([active[:, 1:], nxt], axis=1)
    idx = jax.lax.axis_index(DIM_TO_AXIS["period"])
    last = jnp.where(idx == n - 1, 0.0, 1.0)
    ahead = ahead.at[:, -1].multiply(last)
    return jnp.maximum(active - ahead, 0.0)


class ChurnAlerts:
    def __init__(self, mesh):
        self.mesh = mesh
        self.alert_axes = tuple(DIM_TO_AXIS[d] for d in ALERT_DIMS)

    def body(self, active):
        lost = churned(active)
        local = jnp.sum(lost, axis=1)
        per_cohort = jax.lax.psum(local, DIM_TO_AXIS["period"])
        share = jax.lax.psum_scatter(local, self.alert_axes, scatter_dimension=0, tiled=True)
        return per_cohort, share

    def __call__(self, active: DataArray):
        spec = spec_of(active.dims)
        ap = jax.device_put(jnp.asarray(active.data, jnp.float32), NamedSharding(self.mesh, spec))
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=spec,
                          out_specs=(P("cohort"), P(self.alert_axes)))
        return f(ap)


def active_matrix(df: DataFrame, n_c, n_p):
    grid = np.zeros((n_c, n_p))
    d = df.query("active > 0")
    grid[d["cohort"], d["period"]] = d["active"]
    return DataArray(grid, ("cohort", "period"), {"cohort": np.arange(n_c), "period": np.arange(n_p)})


def inputs():
    rng = np.random.default_rng(40)
    n_c, n_p = 16, 8
    cohort = np.repeat(np.arange(n_c), n_p)
    period = np.tile(np.arange(n_p), n_c)
    active = np.round(rng.uniform(80, 120, cohort.size) * 0.85 ** period)
    return DataFrame({"cohort": cohort, "period": period, "active": active}), n_c, n_p


def main(df, n_c, n_p):
    mesh = jax.make_mesh((2, 4), ("cohort", "period"))
    active = active_matrix(df, n_c, n_p)
    with jax.set_mesh(mesh):
        per_cohort, share = ChurnAlerts(mesh)(active)
    print("churned per cohort", np.asarray(per_cohort)[:4])
    return per_cohort


if __name__ == "__main__":
    main(*inputs())
