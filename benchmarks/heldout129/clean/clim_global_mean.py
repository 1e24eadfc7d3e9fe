"""climate/global_mean.py: area-weighted global-mean surface temperature on a lat x lon grid."""
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

DIM_TO_AXIS = {"time": None, "lat": "lat", "lon": "lon"}
# each stage reduces the dims listed, on the mesh axes they map to
STAGES = (("zonal", ("lon",)), ("global", ("lat",)))


def spec_of(da):
    return P(*(DIM_TO_AXIS.get(d) for d in da.dims))


def cos_weights(lat_deg):
    w = np.cos(np.deg2rad(lat_deg))
    return DataArray(w / w.sum(), ("lat",), {"lat": lat_deg}, name="area_w")


def weighted_mean_body(n_lon):
    def body(t, w):
        # t: (time, lat, lon) block; w: (lat,) block
        acc = jnp.sum(t * w[None, :, None], axis=2)
        for stage, dims in STAGES:
            axes = tuple(DIM_TO_AXIS[d] for d in dims)
            acc = jax.lax.psum(acc, axes if len(axes) > 1 else axes[0])
            if stage == "zonal":
                acc = jnp.sum(acc, axis=1) / n_lon
        return acc
    return body


def global_mean(temp: DataArray, weights: DataArray, mesh):
    ts, ws = spec_of(temp), spec_of(weights)
    tp = jax.device_put(jnp.asarray(temp.data, jnp.float32), NamedSharding(mesh, ts))
    wp = jax.device_put(jnp.asarray(weights.data, jnp.float32), NamedSharding(mesh, ws))
    f = jax.shard_map(weighted_mean_body(temp.shape["lon"]), mesh=mesh, in_specs=(ts, ws),
                      out_specs=P())
    return DataArray(f(tp, wp), ("time",), name="gmst")


def temperature(df, nt, nlat, nlon):
    t = df.query("flag == 0").assign(t=lambda d: d["tmin"] * 0.5 + d["tmax"] * 0.5)["t"]
    lat = np.linspace(-70, 70, nlat)
    return DataArray(t.reshape(nt, nlat, nlon), ("time", "lat", "lon"),
                     {"lat": lat, "lon": np.arange(nlon) * 45.0}, name="tas")


def inputs():
    rng = np.random.default_rng(16)
    nt, nlat, nlon = 3, 8, 8
    n = nt * nlat * nlon
    base = rng.uniform(260, 300, n)
    return DataFrame({"tmin": base - 5, "tmax": base + 5, "flag": np.zeros(n, int)}), (nt, nlat, nlon)


def main(df, shape):
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    tas = temperature(df, *shape)
    w = cos_weights(tas.coords["lat"])
    with jax.set_mesh(mesh):
        g = global_mean(tas, w, mesh)
    print("GMST", np.asarray(g.data).round(2))
    return g.data


if __name__ == "__main__":
    main(*inputs())
