"""abtest/cuped.py: CUPED variance reduction with a pre-experiment covariate."""
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

DIM_TO_AXIS = {"user": "users", "arm": "variant"}
UNIT = DIM_TO_AXIS["user"]


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


class PrePeriod:
    """The covariate of every user; the whole vector is also kept for the bucketing report."""

    def __init__(self, keep_all):
        self.keep_all = keep_all

    def source(self, x):
        if self.keep_all:
            return jax.lax.all_gather(x, UNIT, axis=0, tiled=True, to="reduced")
        return x


def unit_mean(v, n):
    return jax.lax.psum(jnp.sum(v, axis=0), UNIT) / n


def cuped_body(pre: PrePeriod, n_users):
    def body(y, x):
        xs = pre.source(x)
        mx = unit_mean(xs, n_users)
        my = unit_mean(y, n_users)
        cov = unit_mean((x - mx) * (y - my), n_users)
        var = unit_mean((x - mx) ** 2, n_users)
        theta = cov / var
        return y - theta * (x - mx)
    return body


def cuped(y: DataArray, x: DataArray, mesh, keep_all=True):
    spec = spec_of(y.dims)
    yp = jax.device_put(jnp.asarray(y.data, jnp.float32), NamedSharding(mesh, spec))
    xp = jax.device_put(jnp.asarray(x.data, jnp.float32), NamedSharding(mesh, spec))
    f = jax.shard_map(cuped_body(PrePeriod(keep_all), y.shape["user"]), mesh=mesh,
                      in_specs=(spec, spec), out_specs=spec)
    return DataArray(f(yp, xp), y.dims, y.coords, name=f"{y.name}_cuped")


def wide(df: DataFrame, col, n_users):
    out = np.zeros((n_users, 2))
    out[df["user"], df["arm"]] = df[col]
    return DataArray(out, ("user", "arm"), {"arm": np.array(["A", "B"])}, name=col)


def inputs():
    rng = np.random.default_rng(20)
    n = 32
    pre = rng.gamma(3.0, 10.0, (n, 2))
    post = 0.8 * pre + rng.normal(0, 3.0, (n, 2)) + np.array([0.0, 2.0])
    df = DataFrame({"user": np.repeat(np.arange(n), 2), "arm": np.tile([0, 1], n),
                    "pre": pre.reshape(-1), "post": post.reshape(-1)})
    return df, n


def main(df, n):
    mesh = jax.make_mesh((4, 2), ("users", "variant"))
    y, x = wide(df, "post", n), wide(df, "pre", n)
    with jax.set_mesh(mesh):
        adj = cuped(y, x, mesh)
    raw = np.asarray(y.data)
    new = np.asarray(adj.data)
    print("variance ratio", (new.var(0) / raw.var(0)).round(3))
    return adj.data


if __name__ == "__main__":
    main(*inputs())
