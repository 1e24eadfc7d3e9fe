"""survey/crosstab.py: weighted cross-tabulation of two survey items, with column percentages."""
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

DIM_TO_AXIS = {"respondent": "resp", "row": None, "col": "item"}
RESP = DIM_TO_AXIS["respondent"]


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


def one_hot(df: DataFrame, col, levels, dim):
    codes = df[col].astype(int)
    return DataArray((codes[:, None] == np.arange(len(levels))[None, :]).astype(np.float64),
                     ("respondent", dim), {dim: np.array(levels)}, name=col)


class CrossTab:
    """Weighted counts of row x col; the column categories are split over the item axis."""

    def __init__(self, mesh):
        self.mesh = mesh

    def body(self, rows, cols, w):
        counts = jax.lax.psum(jnp.einsum("r,ra,rb->ab", w, rows, cols), RESP)
        col_tot = jnp.sum(counts, axis=0, keepdims=True)
        pct = 100.0 * counts / jnp.maximum(col_tot, 1e-9)
        # the printed table needs every column: gathered after the arithmetic
        table = jax.lax.all_gather(pct, DIM_TO_AXIS["col"], axis=1, tiled=True, to="reduced")
        return counts, table

    def __call__(self, rows: DataArray, cols: DataArray, w: DataArray):
        rs, cs, ws = spec_of(rows.dims), spec_of(cols.dims), spec_of(w.dims)
        put = lambda a, s: jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(self.mesh, s))
        f = jax.shard_map(self.body, mesh=self.mesh, in_specs=(rs, cs, ws),
                          out_specs=(spec_of(("row", "col")),
                                     P(None, None, reduced={DIM_TO_AXIS["col"]})))
        counts, table = f(put(rows.data, rs), put(cols.data, cs), put(w.data, ws))
        coords = {"row": rows.coords[rows.dims[1]], "col": cols.coords[cols.dims[1]]}
        return DataArray(np.asarray(counts), ("row", "col"), coords), np.asarray(table)


def inputs():
    rng = np.random.default_rng(45)
    n = 48
    df = DataFrame({"trust": rng.integers(0, 3, n), "age_band": rng.integers(0, 4, n),
                    "weight": rng.uniform(0.5, 2.0, n)})
    return df, ["low", "mid", "high"], ["18-29", "30-44", "45-64", "65+"]


def main(df, trust_levels, age_levels):
    mesh = jax.make_mesh((4, 2), ("resp", "item"))
    df = df.query("weight > 0")
    rows = one_hot(df, "trust", trust_levels, "row")
    cols = one_hot(df, "age_band", age_levels, "col")
    w = DataArray(df["weight"], ("respondent",), name="weight")
    with jax.set_mesh(mesh):
        counts, table = CrossTab(mesh)(rows, cols, w)
    print("column % (trust x age)\n", table.round(1))
    return counts.data


if __name__ == "__main__":
    main(*inputs())
