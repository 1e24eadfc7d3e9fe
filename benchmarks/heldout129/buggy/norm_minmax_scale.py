"""features/minmax.py: global min-max scaling of a pixel-intensity feature block."""
import functools

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

DIM_TO_AXIS = {"sample": "batch", "feature": "feat"}


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def axes(dims):
    return tuple(DIM_TO_AXIS[d] for d in dims)


def global_range(x, dims):
    lo = jax.lax.pmin(jnp.min(x), axes(dims))
    hi = jax.lax.pmax(jnp.max(x), axes(dims))
    return lo, hi


def minmax_body(x, *, dims, log_dims):
    lo, hi = global_range(x, dims)
    scaled = (x - lo) / (hi - lo)
    ranges = jnp.stack([lo, hi])
    for d in log_dims:
        ranges = jax.lax.all_gather(ranges, DIM_TO_AXIS[d], to="reduced")
    return scaled, ranges


def minmax_scale(da: DataArray, mesh, log_dims=("feature",)):
    spec = spec_of(da.dims)
    xp = jax.device_put(jnp.asarray(da.data, jnp.float32), NamedSharding(mesh, spec))
    body = functools.partial(minmax_body, dims=da.dims, log_dims=log_dims)
    out_ranges = P(*(None for _ in range(len(log_dims) + 1)), reduced=set(axes(log_dims)))
    f = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=(spec, out_ranges))
    scaled, ranges = f(xp)
    return DataArray(scaled, da.dims, da.coords, name=f"{da.name}_minmax"), ranges


def pixels(df: DataFrame, n_pix):
    bright = df.query("exposure > 0.2").assign(
        **{f"p{i}": (lambda i: lambda d: d[f"raw{i}"] * d["exposure"])(i) for i in range(n_pix)})
    cols = [f"p{i}" for i in range(n_pix)]
    return DataArray(bright[cols].to_numpy(), ("sample", "feature"), {"feature": np.array(cols)},
                     name="pixels")


def inputs():
    rng = np.random.default_rng(30)
    n, n_pix = 40, 8
    cols = {f"raw{i}": rng.uniform(0, 255, n) for i in range(n_pix)}
    cols["exposure"] = np.where(np.arange(n) < 32, rng.uniform(0.3, 1.0, n), 0.1)
    return DataFrame(cols), n_pix


def main(df, n_pix):
    mesh = jax.make_mesh((4, 2), ("batch", "feat"))
    px = pixels(df, n_pix)
    with jax.set_mesh(mesh):
        scaled, ranges = minmax_scale(px, mesh)
    s = np.asarray(scaled.data)
    print("scaled range", float(s.min()), float(s.max()))
    return scaled.data


if __name__ == "__main__":
    main(*inputs())
