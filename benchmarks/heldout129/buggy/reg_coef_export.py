"""regression/multi_output.py: multi-target least squares, coefficients exported as one table."""
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

DIM_TO_AXIS = {"batch": None, "feature": "feature", "target": "data"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def export_spec(dims):
    """Whole table on every device; the axes it was split over become reduced."""
    lead = DIM_TO_AXIS.get(dims[0])
    return P(*(None for _ in dims), reduced={lead} if lead else set())


def solve_coefficients(x, y, l2):
    k = x.shape[1]
    g = x.T @ x + l2 * jnp.eye(k, dtype=x.dtype)
    return jnp.linalg.solve(g, x.T @ y)


class CoefficientTable:
    dims = ("feature", "target")

    def __init__(self, mesh, l2=1e-2):
        self.mesh = mesh
        self.l2 = l2
        self.fit = jax.jit(solve_coefficients, static_argnums=2,
                           out_shardings=NamedSharding(mesh, spec_of(self.dims)))

    def __call__(self, X: DataArray, Y: DataArray):
        W = self.fit(jnp.asarray(X.data, jnp.float32), jnp.asarray(Y.data, jnp.float32), self.l2)
        full = top_level_all_gather(W, export_spec(self.dims), multi_dim=True)
        return DataArray(np.asarray(full), self.dims,
                         {"feature": X.coords["feature"], "target": Y.coords["target"]})


def targets(df):
    out = df.assign(log_rent=lambda d: np.log(d["rent"]),
                    log_price=lambda d: np.log(d["price"]),
                    yield_pct=lambda d: 1200.0 * d["rent"] / d["price"],
                    vacancy=lambda d: d["vacancy"])
    return out[["log_rent", "log_price", "yield_pct", "vacancy"]]


def predictors(df):
    out = df.assign(bias=lambda d: np.ones(len(d)),
                    area_k=lambda d: d["area"] / 100.0,
                    floor=lambda d: d["floor"] / 10.0,
                    dist=lambda d: np.sqrt(d["dist"]))
    return out[["bias", "area_k", "floor", "dist"]]


def inputs():
    rng = np.random.default_rng(3)
    n = 48
    area = rng.uniform(30, 200, n)
    return DataFrame({
        "area": area,
        "floor": rng.integers(0, 20, n).astype(np.float64),
        "dist": rng.uniform(0.2, 25.0, n),
        "rent": 10.0 * area + rng.uniform(100, 300, n),
        "price": 3000.0 * area + rng.uniform(1e4, 5e4, n),
        "vacancy": rng.uniform(0.0, 0.2, n),
    }),


def main(df):
    mesh = jax.make_mesh((4, 2), ("data", "feature"))
    Xf, Yf = df.pipe(predictors), df.pipe(targets)
    X = DataArray(Xf.to_numpy(), ("batch", "feature"), {"feature": np.array(Xf.columns)})
    Y = DataArray(Yf.to_numpy(), ("batch", "target"), {"target": np.array(Yf.columns)})
    with jax.set_mesh(mesh):
        coef = CoefficientTable(mesh)(X, Y)
    print(coef.transpose("target", "feature").sel(target="log_rent").to_numpy().round(3))
    return coef.data


if __name__ == "__main__":
    main(*inputs())
