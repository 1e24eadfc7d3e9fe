"""survey/weights_file.py: final calibrated weights gathered whole and handed to the weights writer."""
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

DIM_TO_AXIS = {"respondent": "resp", "item": "item"}


def spec_of(dims):
    return P(*(DIM_TO_AXIS.get(d) for d in dims))


def replicated_like(da: DataArray, mesh):
    """The spec of a fully gathered copy: no partitions, every mesh axis reduced."""
    return P(*(None for _ in da.dims), reduced=set(mesh.axis_names))


def calibrate(w, x, totals, iters=3):
    # linear (GREG-style) calibration of w to the auxiliary totals (host side, NumPy)
    for _ in range(iters):
        est = x.T @ w
        lam = np.linalg.solve((x.T * w) @ x, totals - est)
        w = w * (1.0 + x @ lam)
    return w


def trim(w, lo=0.3, hi=3.0):
    m = jnp.mean(w)
    return jnp.clip(w, lo * m, hi * m)


class WeightsWriter:
    def __init__(self, mesh, path):
        self.mesh = mesh
        self.path = path
        self.rows = []

    def put(self, base: DataArray, aux: DataArray, totals):
        wsh = NamedSharding(self.mesh, spec_of(base.dims))
        cal = calibrate(base.data.astype(np.float64), aux.data.astype(np.float64), totals)
        w = jax.device_put(jnp.asarray(cal, jnp.float32), wsh)
        fitted = jax.jit(trim, out_shardings=wsh)(w)
        return DataArray(fitted, base.dims, base.coords, name="calibrated")

    def write(self, w: DataArray):
        whole = top_level_all_gather(w.data, replicated_like(w, self.mesh))
        self.rows = list(np.asarray(whole))
        return len(self.rows)


def auxiliaries(df: DataFrame):
    return df.assign(one=lambda d: np.ones(len(d)),
                     female=lambda d: (d["sex"] == 1).astype(np.float64),
                     urban=lambda d: (d["urban"] > 0).astype(np.float64))


def inputs():
    rng = np.random.default_rng(27)
    n = 40
    df = DataFrame({"sex": rng.integers(0, 2, n), "urban": rng.integers(0, 2, n),
                    "w0": rng.uniform(10, 40, n)})
    return df, np.array([1000.0, 520.0, 610.0])


def main(df, totals):
    mesh = jax.make_mesh((4, 2), ("resp", "item"))
    aux_df = df.pipe(auxiliaries)
    aux = DataArray(aux_df[["one", "female", "urban"]].to_numpy(), ("respondent", "item"))
    aux = DataArray(aux.data, ("respondent", "aux"))
    base = DataArray(df["w0"], ("respondent",), name="w0")
    with jax.set_mesh(mesh):
        writer = WeightsWriter(mesh, "/tmp/weights.csv")
        w = writer.put(base, aux, totals)
        n = writer.write(w)
    print("wrote", n, "weights")
    return w.data


if __name__ == "__main__":
    main(*inputs())
