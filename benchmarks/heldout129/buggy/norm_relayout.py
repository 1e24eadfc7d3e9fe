"""features/relayout.py: per-feature quantile clipping before a sample-major -> feature-major relayout."""
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

DIM_TO_AXIS = {"sample": "batch", "feature": None}
SAMPLE_AXIS = "batch"


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


class FeatureMajor:
    """sample-sharded (n/k, f) blocks -> feature-sharded (n, f/k) blocks."""

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.all_to_all(x, self.axis, split_axis=1, concat_axis=0, tiled=True)


LAYOUTS = {"sample_major": lambda x: x, "feature_major": FeatureMajor(SAMPLE_AXIS)}


def column_view(x):
    """All samples of every feature column (the clipping report reads them)."""
    return jax.lax.all_gather(x, SAMPLE_AXIS, axis=0, tiled=True, to="reduced")


def clip_body(lo, hi, layout):
    relayout = LAYOUTS[layout]

    def body(x):
        cols = column_view(x)
        clipped = jnp.minimum(jnp.maximum(x, lo), hi)
        return relayout(cols), clipped

    return body


def prepare(da: DataArray, mesh, lo, hi, layout="feature_major"):
    spec = spec_of(da.dims)
    xp = jax.device_put(jnp.asarray(da.data, jnp.float32), NamedSharding(mesh, spec))
    out = P(None, SAMPLE_AXIS) if layout == "feature_major" else spec
    f = jax.shard_map(clip_body(lo, hi, layout), mesh=mesh,
                      in_specs=spec, out_specs=(out, spec))
    return f(xp)


def quantile_bounds(df: DataFrame, cols, q=(0.05, 0.95)):
    lo = np.array([np.quantile(df[c], q[0]) for c in cols], np.float32)
    hi = np.array([np.quantile(df[c], q[1]) for c in cols], np.float32)
    return lo, hi


def inputs():
    rng = np.random.default_rng(32)
    n = 32
    cols = [f"f{i}" for i in range(8)]
    df = DataFrame({c: rng.standard_t(3, n) for c in cols})
    return df, cols


def main(df, cols):
    mesh = jax.make_mesh((8,), ("batch",))
    lo, hi = quantile_bounds(df, cols)
    da = DataArray(df.to_numpy(), ("sample", "feature"), {"feature": np.array(cols)})
    with jax.set_mesh(mesh):
        fm, clipped = prepare(da, mesh, lo, hi)
    print("feature-major", fm.shape, "clipped max", float(jnp.max(clipped)))
    return fm


if __name__ == "__main__":
    main(*inputs())
