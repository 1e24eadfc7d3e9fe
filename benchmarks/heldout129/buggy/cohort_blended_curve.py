"""retention/blended.py: blended retention curve (all cohorts pooled) from a cohort x period matrix."""
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


def parse_report(spec: str):
    """'pool=cohort;keep=period' -> {'pool': 'cohort', 'keep': 'period'}"""
    return dict(part.split("=") for part in spec.split(";"))


class BlendedCurve:
    def __init__(self, mesh, report="pool=cohort;keep=period"):
        self.mesh = mesh
        self.report = parse_report(report)
        self.pool_axis = DIM_TO_AXIS[self.report["pool"]]

    def body(self, active, size):
        pooled_active = jax.lax.psum(jnp.sum(active, axis=0), self.pool_axis)
        pooled_size = jax.lax.psum(jnp.sum(size), self.pool_axis)
        curve = pooled_active / pooled_size
        # every cohort group keeps the pooled curve it contributed to
        kept = jax.lax.all_gather(curve, self.pool_axis, to="reduced")
        return curve, kept

    def __call__(self, active: DataArray, size: DataArray):
        a_spec, s_spec = spec_of(active.dims), spec_of(size.dims)
        ap = jax.device_put(jnp.asarray(active.data, jnp.float32), NamedSharding(self.mesh, a_spec))
        sp = jax.device_put(jnp.asarray(size.data, jnp.float32), NamedSharding(self.mesh, s_spec))
        keep = DIM_TO_AXIS[self.report["keep"]]
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=(a_spec, s_spec),
                          out_specs=(P(keep), P(None, keep, reduced={self.pool_axis})))
        curve, _ = f(ap, sp)
        return DataArray(curve, ("period",), {"period": active.coords["period"]}, name="blended")


def cohort_matrix(events: DataFrame, n_cohorts, n_periods):
    ev = events.assign(cell=lambda d: d["cohort"] * n_periods + d["period"])
    agg = ev.groupby("cell").agg({"user": len})
    grid = np.zeros(n_cohorts * n_periods)
    grid[agg["cell"]] = agg["user"]
    grid = grid.reshape(n_cohorts, n_periods)
    coords = {"cohort": np.arange(n_cohorts), "period": np.arange(n_periods)}
    return DataArray(grid, ("cohort", "period"), coords), DataArray(grid[:, 0], ("cohort",))


def inputs():
    rng = np.random.default_rng(36)
    rows = []
    for c in range(4):
        for u in range(30):
            life = rng.geometric(0.3)
            rows += [(c, p, c * 100 + u) for p in range(min(life, 8))]
    arr = np.array(rows)
    return DataFrame({"cohort": arr[:, 0], "period": arr[:, 1], "user": arr[:, 2]}), 4, 8


def main(events, n_cohorts, n_periods):
    mesh = jax.make_mesh((2, 4), ("cohort", "period"))
    active, size = cohort_matrix(events, n_cohorts, n_periods)
    with jax.set_mesh(mesh):
        curve = BlendedCurve(mesh)(active, size)
    print("blended retention", np.asarray(curve.data).round(3))
    return curve.data


if __name__ == "__main__":
    main(*inputs())
