"""abtest/export.py: per-user revenue of a pricing experiment, both arms side by side, for the analyst."""
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


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def side_by_side(rev, arm_axis):
    """Both arms of each user on the user's devices (control next to treatment)."""
    return jax.lax.all_gather(rev, axis_name=arm_axis, axis=1, tiled=True, to="reduced")


def for_analyst(table, mesh):
    return jax.lax.all_gather(table, axis_name=tuple(mesh.axis_names), axis=0, tiled=True,
                              to="reduced")


def revenue_table(rev: DataArray, mesh):
    spec = spec_of(rev.dims)
    rp = jax.device_put(jnp.asarray(rev.data, jnp.float32), NamedSharding(mesh, spec))

    def body(r):
        both = side_by_side(r, DIM_TO_AXIS["arm"])
        return for_analyst(both, mesh)

    f = jax.shard_map(body, mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced=set(mesh.axis_names)))
    return DataArray(f(rp), rev.dims, rev.coords, name="revenue")


def revenue_by_user(orders: DataFrame, n_users):
    per = orders.query("amount > 0").assign(key=lambda d: d["user"] * 2 + d["arm"])
    agg = per.groupby("key").agg({"amount": "sum"})
    out = np.zeros(n_users * 2)
    out[agg["key"].astype(int)] = agg["amount"]
    return DataArray(out.reshape(n_users, 2), ("user", "arm"),
                     {"user": np.arange(n_users), "arm": np.array(["control", "price_up"])})


def inputs():
    rng = np.random.default_rng(19)
    n_orders, n_users = 200, 32
    user = rng.integers(0, n_users, n_orders)
    arm = user % 2
    amount = rng.gamma(2.0, 15.0, n_orders) * np.where(arm == 1, 1.1, 1.0)
    return DataFrame({"user": user, "arm": arm, "amount": amount}), n_users


def main(orders, n_users):
    mesh = jax.make_mesh((4, 2), ("users", "variant"))
    rev = revenue_by_user(orders, n_users)
    with jax.set_mesh(mesh):
        table = revenue_table(rev, mesh)
    t = np.asarray(table.data)
    print("mean revenue per arm", t.mean(0).round(2))
    return table.data


if __name__ == "__main__":
    main(*inputs())
