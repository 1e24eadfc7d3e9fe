"""climate/export.py: monthly SST fields written out as longitude bands (one band per lat row group)."""
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

DIM_TO_AXIS = {"lat": "lat", "lon": "lon"}


def spec_of(dims, keep=None, **kw):
    keep = set(keep if keep is not None else dims)
    return P(*(DIM_TO_AXIS.get(d) if d in keep else None for d in dims), **kw)


@jax.jit
def kelvin_to_celsius(x):
    return x - 273.15


class BandWriter:
    """Writes one file per latitude band: each band holds its whole longitude ring."""

    band_dim = "lat"

    def __init__(self, field: DataArray, mesh):
        self.field = field
        self.mesh = mesh

    def placed(self):
        da = self.field.transpose("lon", "lat")   # the netCDF writer wants lon-major
        sh = NamedSharding(self.mesh, spec_of(da.dims))
        return DataArray(jax.device_put(jnp.asarray(da.data, jnp.float32), sh), da.dims, da.coords)

    def band_spec(self):
        gathered = {DIM_TO_AXIS[d] for d in self.field.dims if d != self.band_dim}
        return spec_of(self.field.dims, keep=[self.band_dim], reduced=gathered)

    def write(self, out_dir):
        da = self.placed()
        celsius = kelvin_to_celsius(da.data)
        bands = top_level_all_gather(celsius, self.band_spec())
        return {f"{out_dir}/band_{i}.nc": s.data.shape for i, s in enumerate(bands.addressable_shards)}


def monthly_sst(df):
    grouped = df.groupby("cell").agg({"sst": "mean"})
    return grouped


def inputs():
    rng = np.random.default_rng(15)
    nlat, nlon, days = 4, 8, 3
    cell = np.tile(np.arange(nlat * nlon), days)
    lat = (cell // nlon).astype(np.float64)
    df = DataFrame({"cell": cell, "sst": 300.0 - 5.0 * lat + rng.normal(0, 0.3, cell.size)})
    return df, nlat, nlon


def main(df, nlat, nlon):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    sst = df.pipe(monthly_sst)["sst"].reshape(nlat, nlon)
    field = DataArray(sst, ("lat", "lon"), {"lat": np.linspace(-30, 30, nlat),
                                            "lon": np.arange(nlon) * 45.0}, name="sst")
    with jax.set_mesh(mesh):
        files = BandWriter(field, mesh).write("/tmp/sst")
    print(len(files), "band files")
    return files


if __name__ == "__main__":
    main(*inputs())
