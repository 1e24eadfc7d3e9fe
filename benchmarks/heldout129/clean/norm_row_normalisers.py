"""features/normalisers.py: row normalisers for term-count features, chosen per feature set from a table."""
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

DIM_TO_AXIS = {"doc": "batch", "term": "feat"}

NORMALISERS = {
    "l1": lambda r: r / jnp.sum(r, axis=1, keepdims=True),
    "softmax": lambda r: jax.nn.softmax(r, axis=1),
    "standard": lambda r: jax.nn.standardize(r, axis=1),
}

CONFIG = DataFrame({
    "feature_set": np.array(["counts", "tfidf", "embedding"]),
    "normaliser": np.array(["l1", "l1", "softmax"]),
    "min_df": np.array([1.0, 2.0, 0.0]),
})


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def normaliser_for(feature_set):
    row = CONFIG.query(f"feature_set == '{feature_set}'")
    return NORMALISERS[str(row["normaliser"][0])]


def normalise_rows(da: DataArray, mesh, feature_set):
    norm = normaliser_for(feature_set)
    term_axis = DIM_TO_AXIS["term"]
    spec = spec_of(da.dims)
    xp = jax.device_put(jnp.asarray(da.data, jnp.float32), NamedSharding(mesh, spec))

    def body(x):
        whole_rows = jax.lax.all_gather(x, term_axis, axis=1, tiled=True, to="reduced")
        return norm(whole_rows)

    f = jax.shard_map(body, mesh=mesh, in_specs=spec,
                      out_specs=spec_of(("doc", None), reduced={term_axis}))
    return DataArray(f(xp), da.dims, da.coords, name=f"{da.name}_{feature_set}")


def tfidf(df: DataFrame, terms):
    counts = df[terms].to_numpy(np.float64)
    dfreq = (counts > 0).sum(0)
    idf = np.log((1 + len(counts)) / (1 + dfreq)) + 1.0
    return DataArray(counts * idf, ("doc", "term"), {"term": np.array(terms)}, name="tfidf")


def inputs():
    rng = np.random.default_rng(35)
    n, terms = 16, ["price", "delivery", "refund", "broken", "great", "late", "size", "colour"]
    return DataFrame({t: rng.poisson(1.5, n) for t in terms}), terms, "tfidf"


def main(df, terms, feature_set):
    mesh = jax.make_mesh((4, 2), ("batch", "feat"))
    x = tfidf(df, terms)
    with jax.set_mesh(mesh):
        y = normalise_rows(x, mesh, feature_set)
    print("row norms", np.round(np.abs(np.asarray(y.data)).sum(1)[:4], 3))
    return y.data


if __name__ == "__main__":
    main(*inputs())
