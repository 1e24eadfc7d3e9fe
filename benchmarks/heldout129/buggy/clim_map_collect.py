"""climate/maps.py: precipitation maps collected for plotting, one frame per model run."""
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

DIM_TO_AXIS = {"run": None, "lat": "lat", "lon": "lon"}


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def mesh_axes(dims):
    return tuple(a for a in (DIM_TO_AXIS.get(d) for d in dims) if a is not None)


class MapCollector:
    """Collects whole maps (lat x lon) for the plotting host."""

    def __init__(self, dims, ring_dim="lon"):
        self.dims = dims
        self.ring_axis = DIM_TO_AXIS[ring_dim]
        self.ring_pos = dims.index(ring_dim)

    def close_ring(self, x):
        # the periodic longitude ring is needed whole for the wrap-around colour bar
        return jax.lax.all_gather(x, self.ring_axis, axis=self.ring_pos, tiled=True, to="reduced")

    def collect(self, x):
        lat_pos = self.dims.index("lat")
        return jax.lax.all_gather(x, mesh_axes(self.dims), axis=lat_pos, tiled=True, to="reduced")

    def out_spec(self):
        return P(*(None for _ in self.dims), reduced=set(mesh_axes(self.dims)))


def collect_maps(pr: DataArray, mesh):
    pr = pr.transpose("run", "lat", "lon")
    spec = spec_of(pr.dims)
    coll = MapCollector(pr.dims)
    xp = jax.device_put(jnp.asarray(pr.data, jnp.float32), NamedSharding(mesh, spec))

    def body(x):
        ring = coll.close_ring(x)
        return coll.collect(ring)

    maps = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=coll.out_spec())(xp)
    return DataArray(maps, pr.dims, pr.coords, name="pr_maps")


def to_mm_per_day(df):
    return df.assign(pr_mm=lambda d: d["pr_flux"] * 86400.0).query("pr_mm >= 0")


def inputs():
    rng = np.random.default_rng(13)
    runs, nlat, nlon = 2, 4, 8
    flux = rng.gamma(2.0, 1e-5, runs * nlat * nlon)
    df = DataFrame({"pr_flux": flux, "cell": np.arange(flux.size)})
    return df, (runs, nlat, nlon)


def main(df, shape):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    runs, nlat, nlon = shape
    mm = df.pipe(to_mm_per_day)
    grid = mm["pr_mm"].reshape(runs, nlon, nlat)
    pr = DataArray(grid, ("run", "lon", "lat"),
                   {"run": np.arange(runs), "lon": np.arange(nlon) * 45.0, "lat": np.linspace(-45, 45, nlat)})
    with jax.set_mesh(mesh):
        maps = collect_maps(pr, mesh)
    print("wettest cell mm/day", float(np.max(np.asarray(maps.data))))
    return maps.data


if __name__ == "__main__":
    main(*inputs())
