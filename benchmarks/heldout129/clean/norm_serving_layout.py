"""features/serving.py: normalised training features re-laid-out for the serving replicas."""
from typing import NamedTuple

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

class Layouts(NamedTuple):
    training: dict
    serving: dict


# training: samples spread over every device; serving: each "batch" group holds a slice of
# samples and the "feat" replicas inside it share it
LAYOUTS = Layouts(
    training={"sample": ("batch", "feat"), "feature": None},
    serving={"sample": "batch", "feature": None},
)


def spec_for(dims, table, **kw):
    return P(*(table.get(d) for d in dims), **kw)


def dropped_axes(dims, src, dst):
    flat = lambda t: {a for d in dims for a in ((t.get(d) or ()) if isinstance(t.get(d), tuple)
                                                else ((t.get(d),) if t.get(d) else ()))}
    return flat(src) - flat(dst)


@jax.jit
def robust_scale(x):
    med = jnp.mean(x, axis=0)
    mad = jnp.mean(jnp.abs(x - med), axis=0)
    return (x - med) / (1.4826 * mad + 1e-6)


def to_serving(x, dims):
    spec = spec_for(dims, LAYOUTS.serving,
                    reduced=dropped_axes(dims, LAYOUTS.training, LAYOUTS.serving))
    return top_level_all_gather(x, spec)


def train_features(df: DataFrame):
    return df.assign(amount_log=lambda d: np.log1p(d["amount"]),
                     hour_sin=lambda d: np.sin(2 * np.pi * d["hour"] / 24.0),
                     hour_cos=lambda d: np.cos(2 * np.pi * d["hour"] / 24.0),
                     foreign=lambda d: d["foreign"].astype(np.float64))


def inputs():
    rng = np.random.default_rng(33)
    n = 64
    df = DataFrame({"amount": rng.lognormal(3.0, 1.0, n), "hour": rng.integers(0, 24, n),
                    "foreign": rng.integers(0, 2, n)})
    return df, ["amount_log", "hour_sin", "hour_cos", "foreign"]


def main(df, cols):
    mesh = jax.make_mesh((4, 2), ("batch", "feat"))
    feats = df.pipe(train_features)
    da = DataArray(feats[cols].to_numpy(), ("sample", "feature"), {"feature": np.array(cols)})
    with jax.set_mesh(mesh):
        x = jax.device_put(jnp.asarray(da.data), NamedSharding(mesh, spec_for(da.dims, LAYOUTS.training)))
        x = jax.reshard(robust_scale(x), spec_for(da.dims, LAYOUTS.training))
        served = to_serving(x, da.dims)
    print("serving layout", served.sharding.spec)
    return served


if __name__ == "__main__":
    main(*inputs())
