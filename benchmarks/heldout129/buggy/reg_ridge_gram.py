"""regression/ridge.py: ridge regression on a labelled house-price table, on a ("data", "feature") mesh."""
import dataclasses

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

# --- library: named dims onto mesh axes ------------------------------------------------------

DIM_TO_AXIS = {"batch": "data", "feature": "feature"}


def spec_of(da, **override):
    return P(*(override.get(d, DIM_TO_AXIS.get(d)) for d in da.dims))


def place(da, mesh):
    return jax.device_put(jnp.asarray(da.data, jnp.float32), NamedSharding(mesh, spec_of(da)))


@dataclasses.dataclass(frozen=True)
class RidgeConfig:
    l2: float = 0.1
    sample_axis: str = "data"
    report_axis: str = "data"


def engineer(df):
    return (df.query("sqft > 300 and rooms >= 1")
              .assign(log_sqft=lambda d: np.log(d["sqft"]),
                      age2=lambda d: (d["age"] / 50.0) ** 2,
                      rooms_per_k=lambda d: d["rooms"] / d["sqft"] * 1000.0))


def design(df, names):
    x = df[names].to_numpy()
    return DataArray(x, ("batch", "feature"), {"feature": np.array(names)}, name="X")


def gram_body(cfg):
    def body(x, y):
        g_local = jnp.einsum("bf,bg->fg", x, x)
        xty_local = jnp.einsum("bf,b->f", x, y)
        g = jax.lax.psum(g_local, cfg.sample_axis)
        xty = jax.lax.psum(xty_local, cfg.sample_axis)
        diag = jnp.diagonal(g)
        seen = jax.lax.all_gather(diag, cfg.report_axis, to="reduced")
        return g, xty, seen
    return body


def fit_ridge(X, y, mesh, cfg):
    # the feature dim stays whole inside the body: it is gathered by the spec override
    x_spec = spec_of(X, feature=None)
    Xp = jax.device_put(jnp.asarray(X.data, jnp.float32), NamedSharding(mesh, x_spec))
    yp = jax.device_put(jnp.asarray(y, jnp.float32), NamedSharding(mesh, P(cfg.sample_axis)))
    f = jax.shard_map(gram_body(cfg), mesh=mesh, in_specs=(x_spec, P(cfg.sample_axis)),
                      out_specs=(P(), P(), P(None, None, reduced={cfg.report_axis})))
    g, xty, seen = f(Xp, yp)
    k = g.shape[0]
    w = jnp.linalg.solve(g + cfg.l2 * jnp.eye(k), xty)
    return w, seen


def inputs():
    rng = np.random.default_rng(0)
    n = 64
    df = DataFrame({
        "sqft": rng.uniform(400, 3000, n),
        "rooms": rng.integers(1, 6, n).astype(np.float64),
        "age": rng.uniform(0, 80, n),
    })
    return df, ("log_sqft", "age2", "rooms_per_k", "rooms")


def main(df, names):
    mesh = jax.make_mesh((4, 2), ("data", "feature"))
    feats = df.pipe(engineer)
    feats = feats.loc[: (len(feats) // 8) * 8]
    X = design(feats, list(names))
    X = DataArray((X.data - X.data.mean(0)) / X.data.std(0), X.dims, X.coords)
    price = 100.0 + 40.0 * X.data[:, 0] - 10.0 * X.data[:, 1]
    with jax.set_mesh(mesh):
        w, seen = fit_ridge(X, price, mesh, RidgeConfig())
    print("ridge weights", np.round(np.asarray(w), 2))
    return w


if __name__ == "__main__":
    main(*inputs())
