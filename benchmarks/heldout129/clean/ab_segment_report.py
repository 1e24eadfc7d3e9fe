"""abtest/segments.py: lift per segment and arm, the segment table gathered for the report."""
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

DIM_TO_AXIS = {"segment": "users", "arm": "variant"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def whole(dims):
    axes = {DIM_TO_AXIS[d] for d in dims if DIM_TO_AXIS.get(d)}
    return P(*(None for _ in dims), reduced=axes)


class SegmentLift:
    dims = ("segment", "arm")

    def __init__(self, mesh):
        self.mesh = mesh
        sh = NamedSharding(mesh, spec_of(self.dims))
        self.rates = jax.jit(lambda c, n: c / jnp.maximum(n, 1.0), out_shardings=sh)

    def place(self, da: DataArray):
        da = da.transpose(*self.dims)
        return jax.device_put(jnp.asarray(da.data, jnp.float32),
                              NamedSharding(self.mesh, spec_of(self.dims)))

    def compute(self, conv: DataArray, exposed: DataArray):
        with jax.set_mesh(self.mesh):
            r = self.rates(self.place(conv), self.place(exposed))
        return r

    def report(self, rates):
        table = top_level_all_gather(rates, whole(self.dims), multi_dim=True)
        return table


def segment_counts(df: DataFrame, n_segments):
    df = df.assign(cell=lambda d: d["segment"] * 2 + d["arm"])
    agg = df.groupby("cell").agg({"converted": "sum", "user": len})
    conv = np.zeros(n_segments * 2)
    seen = np.zeros(n_segments * 2)
    conv[agg["cell"]] = agg["converted"]
    seen[agg["cell"]] = agg["user"]
    coords = {"segment": np.arange(n_segments), "arm": np.array(["A", "B"])}
    return (DataArray(conv.reshape(n_segments, 2), ("segment", "arm"), coords),
            DataArray(seen.reshape(n_segments, 2), ("segment", "arm"), coords))


def inputs():
    rng = np.random.default_rng(21)
    n, n_segments = 400, 8
    seg = rng.integers(0, n_segments, n)
    arm = rng.integers(0, 2, n)
    p = 0.1 + 0.02 * seg + 0.03 * arm
    return DataFrame({"user": np.arange(n), "segment": seg, "arm": arm,
                      "converted": (rng.uniform(size=n) < p).astype(np.float64)}), n_segments


def main(df, n_segments):
    mesh = jax.make_mesh((4, 2), ("users", "variant"))
    conv, seen = segment_counts(df, n_segments)
    lift = SegmentLift(mesh)
    rates = lift.compute(conv, seen)
    with jax.set_mesh(mesh):
        table = np.asarray(lift.report(rates))
    print("lift by segment", (table[:, 1] - table[:, 0]).round(3))
    return table


if __name__ == "__main__":
    main(*inputs())
