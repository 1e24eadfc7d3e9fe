"""panel/dispersion.py: cross-sectional dispersion of returns, named reductions inside shard_map."""
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

DIM_TO_AXIS = {"asset": "entity", "day": "time"}
PANEL_DIMS = ("asset", "day")


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def summed_over(*dims):
    """A reduce fn for DataArray.reduce: local sum, then the sum across the dims' mesh axes."""
    axes = tuple(DIM_TO_AXIS[d] for d in dims)

    def fn(data, axis):
        return jax.lax.psum(jnp.sum(data, axis=axis), axes)

    return fn


def dispersion_body(n_assets, n_days):
    def body(r):
        da = DataArray(r, PANEL_DIMS)
        # cross-sectional mean return per day
        cs_mean = da.reduce(summed_over("asset"), dim="asset")
        cs_mean = DataArray(cs_mean.data / n_assets, cs_mean.dims)
        dev = DataArray((da.data - cs_mean.data[None, :]) ** 2, PANEL_DIMS)
        cs_var = dev.reduce(summed_over("asset"), dim="asset")
        # average dispersion over the whole sample
        avg = cs_var.reduce(summed_over(*PANEL_DIMS), dim="day")
        return jnp.sqrt(cs_var.data / n_assets), avg.data / (n_assets * n_days)
    return body


def dispersion(returns: DataArray, mesh):
    spec = spec_of(returns.dims)
    rp = jax.device_put(jnp.asarray(returns.data, jnp.float32), NamedSharding(mesh, spec))
    n_assets, n_days = returns.shape["asset"], returns.shape["day"]
    f = jax.shard_map(dispersion_body(n_assets, n_days), mesh=mesh, in_specs=spec,
                      out_specs=(P(DIM_TO_AXIS["day"]), P()))
    daily, avg = f(rp)
    return DataArray(daily, ("day",), {"day": returns.coords["day"]}, name="dispersion"), avg


def returns_panel(prices: DataFrame, assets, days):
    px = prices.to_numpy(np.float64).reshape(assets, days + 1)
    r = np.diff(np.log(px), axis=1)
    return DataArray(r, PANEL_DIMS, {"asset": np.arange(assets), "day": np.arange(days)},
                     name="log_return")


def inputs():
    rng = np.random.default_rng(10)
    assets, days = 6, 16
    steps = rng.normal(0.0, 0.01, (assets, days + 1))
    prices = 100.0 * np.exp(np.cumsum(steps, axis=1))
    return DataFrame({"close": prices.reshape(-1)}), assets, days


def main(prices, assets, days):
    mesh = jax.make_mesh((2, 4), ("entity", "time"))
    prices = prices.query("close > 0")
    panel = returns_panel(prices, assets, days)
    with jax.set_mesh(mesh):
        daily, avg = dispersion(panel, mesh)
    print("avg dispersion", float(avg), "days", daily.shape["day"])
    return daily.data


if __name__ == "__main__":
    main(*inputs())
