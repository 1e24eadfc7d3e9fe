"""survey/nonresponse.py: inverse-propensity nonresponse adjustment from a response model's scores."""
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

DIM_TO_AXIS = {"respondent": "resp", "covariate": "item"}
LINKS = {"logit": jax.nn.sigmoid, "cloglog": lambda z: 1.0 - jnp.exp(-jnp.exp(z))}


def spec_of(dims, **kw):
    return P(*(DIM_TO_AXIS.get(d) for d in dims), **kw)


class ResponseModel:
    def __init__(self, coef: DataArray, link="logit"):
        self.coef = coef
        self.link = LINKS[link]

    def scores(self, x, b):
        # covariates are split over the covariate axis: partial scores summed across it
        return jax.lax.psum(x @ b, DIM_TO_AXIS["covariate"])


def adjustment_body(model: ResponseModel):
    resp_axis = DIM_TO_AXIS["respondent"]

    def body(x, b, w):
        z = model.scores(x, b)
        z_all = jax.lax.all_gather(z, resp_axis, tiled=True, to="reduced")
        propensity = model.link(z_all)
        w_all = jax.lax.all_gather(w, resp_axis, tiled=True, to="reduced")
        return w_all / propensity

    return body


def adjust(frame: DataArray, base_w: DataArray, model: ResponseModel, mesh):
    xs, bs, ws = spec_of(frame.dims), spec_of(model.coef.dims), spec_of(base_w.dims)
    put = lambda a, s: jax.device_put(jnp.asarray(a, jnp.float32), NamedSharding(mesh, s))
    f = jax.shard_map(adjustment_body(model), mesh=mesh, in_specs=(xs, bs, ws),
                      out_specs=P(reduced={DIM_TO_AXIS["respondent"]}))
    adj = f(put(frame.data, xs), put(model.coef.data, bs), put(base_w.data, ws))
    return DataArray(adj, ("respondent",), name="nr_adjusted")


def covariates(df: DataFrame):
    d = df.assign(one=lambda t: np.ones(len(t)),
                  age_z=lambda t: (t["age"] - t["age"].mean()) / t["age"].std(),
                  owner=lambda t: t["tenure"].astype(np.float64),
                  big_hh=lambda t: (t["hh_size"] > 3).astype(np.float64))
    return d[["one", "age_z", "owner", "big_hh"]]


def inputs():
    rng = np.random.default_rng(29)
    n = 32
    df = DataFrame({"age": rng.uniform(18, 90, n), "tenure": rng.integers(0, 2, n),
                    "hh_size": rng.integers(1, 7, n), "w": rng.uniform(50, 150, n)})
    coef = DataArray(np.array([0.2, 0.5, 0.4, -0.3]), ("covariate",), name="coef")
    return df, coef


def main(df, coef):
    mesh = jax.make_mesh((4, 2), ("resp", "item"))
    X = DataArray(df.pipe(covariates).to_numpy(), ("respondent", "covariate"))
    w = DataArray(df["w"], ("respondent",))
    with jax.set_mesh(mesh):
        adj = adjust(X, w, ResponseModel(coef), mesh)
    print("adjusted total", float(np.sum(np.asarray(adj.data))))
    return adj.data


if __name__ == "__main__":
    main(*inputs())
