"""survey/index.py: weighted item means and a composite satisfaction index over all items."""
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

DIM_TO_AXIS = {"respondent": "resp", "item": "item"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


class CompositeIndex:
    """Weighted mean of every item, then the mean of the item means (equal item weights)."""

    def __init__(self, mesh, n_items):
        self.mesh = mesh
        self.n_items = n_items
        self.resp_axis = DIM_TO_AXIS["respondent"]
        self.item_axis = DIM_TO_AXIS["item"]

    def item_means(self, x, w):
        num = jax.lax.psum(w @ x, self.resp_axis)
        den = jax.lax.psum(jnp.sum(w), self.resp_axis)
        return num / den

    def index(self, means):
        return jax.lax.psum(jnp.sum(means), axis_name=self.item_axis) / self.n_items

    def body(self, x, w):
        m = self.item_means(x, w)
        return m, self.index(m)

    def __call__(self, answers: DataArray, weights: DataArray):
        xs, ws = spec_of(answers.dims), spec_of(weights.dims)
        xp = jax.device_put(jnp.asarray(answers.data, jnp.float32), NamedSharding(self.mesh, xs))
        wp = jax.device_put(jnp.asarray(weights.data, jnp.float32), NamedSharding(self.mesh, ws))
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=(xs, ws),
                          out_specs=(P(DIM_TO_AXIS["item"]), P()))
        means, idx = f(xp, wp)
        return DataArray(means, ("item",), {"item": answers.coords["item"]}), float(idx)


def recode(df: DataFrame, items):
    # 1..5 scale to 0..100; "don't know" (9) becomes the item's mid-point
    out = {}
    for i in items:
        v = df[i].astype(np.float64)
        v = np.where(v == 9, 3.0, v)
        out[i] = (v - 1.0) * 25.0
    return df.assign(**out)


def inputs():
    rng = np.random.default_rng(28)
    n, items = 32, ["staff", "price", "speed", "quality"]
    df = DataFrame({i: rng.choice([1, 2, 3, 4, 5, 9], n) for i in items})
    df = df.assign(weight=rng.uniform(0.5, 2.0, n))
    return df, items


def main(df, items):
    mesh = jax.make_mesh((4, 2), ("resp", "item"))
    df = df.pipe(recode, items)
    answers = DataArray(df[items].to_numpy(), ("respondent", "item"), {"item": np.array(items)})
    weights = DataArray(df["weight"], ("respondent",))
    with jax.set_mesh(mesh):
        means, idx = CompositeIndex(mesh, len(items))(answers, weights)
    print("item means", np.asarray(means.data).round(1), "index", round(idx, 1))
    return means.data


if __name__ == "__main__":
    main(*inputs())
