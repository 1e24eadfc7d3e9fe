"""abtest/bootstrap.py: half-sampling bootstrap confidence interval of the revenue lift, arms on the variant axis."""
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

DIM_TO_AXIS = {"user": "users", "arm": "variant", "replicate": None}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def half_sample_bootstrap(n_rep, seed=0):
    user_axis, arm_axis = DIM_TO_AXIS["user"], DIM_TO_AXIS["arm"]

    def body(rev, seen):
        # one key per device: fold in both axis indices so shards draw different weights
        key = jax.random.key(seed)
        key = jax.random.fold_in(key, jax.lax.axis_index(user_axis))
        key = jax.random.fold_in(key, jax.lax.axis_index(arm_axis))
        # each user is kept twice or dropped (weights 2 / 0, mean 1)
        w = 2.0 * (jax.random.uniform(key, (n_rep,) + rev.shape) < 0.5).astype(jnp.float32)
        tot = jax.lax.psum(jnp.sum(w * rev[None], axis=1), user_axis)     # (rep, arm_local)
        cnt = jax.lax.psum(jnp.sum(w * seen[None], axis=1), user_axis)
        mean = tot / jnp.maximum(cnt, 1.0)
        both = jax.lax.all_gather(mean, arm_axis, axis=1, tiled=True, to="invarying")
        return both[:, 1] - both[:, 0]

    return body


def lift_ci(rev: DataArray, seen: DataArray, mesh, n_rep=64, level=0.9):
    spec = spec_of(rev.dims)
    put = lambda a: jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(mesh, spec))
    f = jax.shard_map(half_sample_bootstrap(n_rep), mesh=mesh, in_specs=(spec, spec), out_specs=P())
    lifts = np.asarray(f(put(rev.data), put(seen.data)))
    lo, hi = np.quantile(lifts, [(1 - level) / 2, (1 + level) / 2])
    return DataArray(lifts, ("replicate",), name="lift"), (float(lo), float(hi))


def wide(df: DataFrame, n_users):
    rev = np.zeros((n_users, 2))
    seen = np.zeros((n_users, 2))
    rev[df["user"], df["arm"]] = df["revenue"]
    seen[df["user"], df["arm"]] = 1.0
    coords = {"arm": np.array(["control", "bundle"])}
    return DataArray(rev, ("user", "arm"), coords), DataArray(seen, ("user", "arm"), coords)


def inputs():
    rng = np.random.default_rng(44)
    n = 64
    arm = rng.integers(0, 2, n)
    revenue = rng.gamma(2.0, 20.0, n) * np.where(arm == 1, 1.2, 1.0)
    return DataFrame({"user": np.arange(n), "arm": arm, "revenue": revenue}), n


def main(df, n):
    mesh = jax.make_mesh((4, 2), ("users", "variant"))
    rev, seen = wide(df.query("revenue >= 0"), n)
    with jax.set_mesh(mesh):
        lifts, (lo, hi) = lift_ci(rev, seen, mesh)
    print(f"lift 90% CI [{lo:.2f}, {hi:.2f}]")
    return lifts.data


if __name__ == "__main__":
    main(*inputs())
