"""regression/explain.py: per-feature contributions of a linear price model, dumped for a report."""
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

DIM_TO_AXIS = {"batch": "data", "feature": "feature"}
DUMP_DIMS = ("batch", "feature")


def axes_for(dims):
    return tuple(DIM_TO_AXIS[d] for d in dims)


def spec_of(da):
    return P(*(DIM_TO_AXIS.get(d) for d in da.dims))


class LinearExplainer:
    """Contribution x_bf * w_f of every feature to every prediction."""

    def __init__(self, coef: DataArray, mesh):
        self.coef = coef
        self.mesh = mesh

    def contributions(self, x, w):
        return x * w[None, :]

    def full_rows(self, c):
        # each row needs all of its features for the report
        return jax.lax.all_gather(c, DIM_TO_AXIS["feature"], axis=1, tiled=True, to="reduced")

    def dump(self, rows):
        return jax.lax.all_gather(rows, axes_for(DUMP_DIMS), axis=0, tiled=True, to="reduced")

    def __call__(self, X: DataArray):
        xs = spec_of(X)
        ws = spec_of(self.coef)
        Xp = jax.device_put(jnp.asarray(X.data, jnp.float32), NamedSharding(self.mesh, xs))
        Wp = jax.device_put(jnp.asarray(self.coef.data, jnp.float32), NamedSharding(self.mesh, ws))

        def body(x, w):
            return self.dump(self.full_rows(self.contributions(x, w)))

        f = jax.shard_map(body, mesh=self.mesh, in_specs=(xs, ws),
                          out_specs=P(None, None, reduced=set(axes_for(DUMP_DIMS))))
        return f(Xp, Wp)


def features(df):
    return (df.assign(income_k=lambda d: d["income"] / 1000.0,
                      dist_log=lambda d: np.log1p(d["distance"]),
                      new=lambda d: (d["age"] < 10).astype(np.float64),
                      rooms=lambda d: d["rooms"])
              [["income_k", "dist_log", "new", "rooms"]])


def inputs():
    rng = np.random.default_rng(1)
    df = DataFrame({
        "income": rng.uniform(20e3, 150e3, 32),
        "distance": rng.uniform(0.1, 40.0, 32),
        "age": rng.uniform(0, 60, 32),
        "rooms": rng.integers(1, 7, 32).astype(np.float64),
    })
    coef = DataArray(np.array([1.5, -3.0, 8.0, 4.0]), ("feature",),
                     {"feature": np.array(["income_k", "dist_log", "new", "rooms"])}, name="coef")
    return df, coef


def main(df, coef):
    mesh = jax.make_mesh((4, 2), ("data", "feature"))
    table = df.pipe(features)
    X = DataArray(table.to_numpy(), ("batch", "feature"),
                  {"batch": np.arange(len(table)), "feature": np.array(table.columns)})
    with jax.set_mesh(mesh):
        contrib = LinearExplainer(coef, mesh)(X)
    top = np.asarray(contrib).sum(1)
    print("mean prediction", float(top.mean()))
    return contrib


if __name__ == "__main__":
    main(*inputs())
