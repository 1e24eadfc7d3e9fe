"""abtest/conversion.py: two-proportion z-test of a checkout experiment, arms on the variant axis."""
import dataclasses
import math

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

DIM_TO_AXIS = {"user": "users", "arm": "variant", "metric": None}


@dataclasses.dataclass(frozen=True)
class Experiment:
    name: str
    unit_dim: str = "user"
    arm_dim: str = "arm"
    monitor_dim: str = "user"
    alpha: float = 0.05


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def arm_totals(exp: Experiment):
    unit_axis = DIM_TO_AXIS[exp.unit_dim]
    monitor_axis = DIM_TO_AXIS[exp.monitor_dim]

    def body(conv, exposed):
        # conv, exposed: (user, arm) blocks of 0/1 flags
        c = jax.lax.psum(jnp.sum(conv, axis=0), unit_axis)
        n = jax.lax.psum(jnp.sum(exposed, axis=0), unit_axis)
        # the sequential monitor keeps the per-arm counts of every shard group
        trail = jax.lax.all_gather(c, monitor_axis, to="reduced")
        return c, n, trail

    return body


def z_test(conv: DataArray, exposed: DataArray, mesh, exp: Experiment):
    spec = spec_of(conv.dims)
    cp = jax.device_put(jnp.asarray(conv.data, jnp.float32), NamedSharding(mesh, spec))
    ep = jax.device_put(jnp.asarray(exposed.data, jnp.float32), NamedSharding(mesh, spec))
    arm_spec = spec_of((exp.arm_dim,))
    f = jax.shard_map(arm_totals(exp), mesh=mesh, in_specs=(spec, spec),
                      out_specs=(arm_spec, arm_spec,
                                 P(None, DIM_TO_AXIS[exp.arm_dim], reduced={DIM_TO_AXIS[exp.monitor_dim]})))
    c, n, _ = f(cp, ep)
    c, n = np.asarray(c), np.asarray(n)
    p = c / n
    pooled = c.sum() / n.sum()
    se = math.sqrt(pooled * (1 - pooled) * (1 / n[0] + 1 / n[1]))
    return float((p[1] - p[0]) / se), p


def pivot(events: DataFrame, n_users):
    conv = np.zeros((n_users, 2))
    seen = np.zeros((n_users, 2))
    conv[events["user"], events["arm"]] = events["converted"]
    seen[events["user"], events["arm"]] = 1.0
    coords = {"user": np.arange(n_users), "arm": np.array(["control", "treatment"])}
    return DataArray(conv, ("user", "arm"), coords), DataArray(seen, ("user", "arm"), coords)


def inputs():
    rng = np.random.default_rng(18)
    n_users = 64
    arm = rng.integers(0, 2, n_users)
    p = np.where(arm == 1, 0.3, 0.2)
    events = DataFrame({"user": np.arange(n_users), "arm": arm,
                        "converted": (rng.uniform(size=n_users) < p).astype(np.float64)})
    return events, Experiment("checkout-v2")


def main(events, exp):
    mesh = jax.make_mesh((4, 2), ("users", "variant"))
    events = events.query("user >= 0")
    conv, exposed = pivot(events, len(events))
    with jax.set_mesh(mesh):
        z, rates = z_test(conv, exposed, mesh, exp)
    print(f"{exp.name}: z={z:.2f} rates={np.round(rates, 3)}")
    return z


if __name__ == "__main__":
    main(*inputs())
