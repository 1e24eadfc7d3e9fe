"""recsys/embedding/row_sharded_lookup.py -- row-sharded embedding table with a hot-id cache.

The table's rows are split over the `rows` axis; a lookup masks the ids each shard owns and
sums the partial embeddings over `rows`. The hot-id cache collects the looked-up vectors along
the cache axis that EmbeddingConfig maps from its logical name.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- schema_lite: pydantic/attrs-style validated configs (pasted; no pydantic here) ----------
import enum
import typing

_MISSING = object()


class ValidationError(ValueError):
    pass


class FieldInfo:
    def __init__(self, default=_MISSING, ge=None, le=None, alias=None, default_factory=None):
        self.default, self.ge, self.le = default, ge, le
        self.alias, self.default_factory = alias, default_factory


def Field(default=_MISSING, *, ge=None, le=None, alias=None, default_factory=None):
    return FieldInfo(default, ge, le, alias, default_factory)


def validator(*names, pre=False):
    def mark(fn):
        fn.__validates__ = names
        return classmethod(fn)
    return mark


def root_validator(fn):
    fn.__root__ = True
    return classmethod(fn)


class _ModelMeta(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        fields, checks, roots = {}, {}, []
        for base in reversed(cls.__mro__[1:]):
            fields.update(getattr(base, "__fields__", {}))
        for fname, ann in ns.get("__annotations__", {}).items():
            info = ns.get(fname, _MISSING)
            fields[fname] = (ann, info if isinstance(info, FieldInfo) else FieldInfo(info))
        for attr in dir(cls):
            raw = getattr(cls, attr, None)
            fn = getattr(raw, "__func__", None)
            for target in getattr(fn, "__validates__", ()):
                checks.setdefault(target, []).append(raw)
            if getattr(fn, "__root__", False):
                roots.append(raw)
        cls.__fields__, cls.__checks__, cls.__roots__ = fields, checks, roots
        return cls


def _coerce(ann, value, where):
    origin = typing.get_origin(ann)
    if origin is typing.Literal:
        if value not in typing.get_args(ann):
            raise ValidationError(f"{where}: {value!r} not in {typing.get_args(ann)}")
        return value
    if isinstance(ann, type) and issubclass(ann, enum.Enum):
        return ann(value)
    if isinstance(ann, type) and issubclass(ann, BaseModel) and isinstance(value, dict):
        return ann.parse_obj(value)
    if origin is tuple and isinstance(value, (list, tuple)):
        return tuple(value)
    if ann in (int, float) and not isinstance(value, bool):
        return ann(value)
    return value


class BaseModel(metaclass=_ModelMeta):
    def __init__(self, **data):
        values = {}
        for fname, (ann, info) in self.__fields__.items():
            key = info.alias if info.alias and info.alias in data else fname
            if key in data:
                raw = data[key]
            elif info.default_factory is not None:
                raw = info.default_factory()
            elif info.default is not _MISSING:
                raw = info.default
            else:
                raise ValidationError(f"{type(self).__name__}.{fname}: field required")
            raw = _coerce(ann, raw, f"{type(self).__name__}.{fname}")
            for check in self.__checks__.get(fname, ()):
                raw = check(raw, values)
            if info.ge is not None and raw < info.ge or info.le is not None and raw > info.le:
                raise ValidationError(f"{type(self).__name__}.{fname}={raw!r} out of range")
            values[fname] = raw
        for root in self.__roots__:
            values = root(values)
        object.__setattr__(self, "__dict__", dict(values))

    @classmethod
    def parse_obj(cls, obj):
        return cls(**obj)

    def model_dump(self):
        return {k: (v.model_dump() if isinstance(v, BaseModel) else v) for k, v in self.__dict__.items()}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


def field(*, default=_MISSING, converter=None, factory=None):
    return {"default": default, "converter": converter, "factory": factory}


def define(cls):
    specs = {n: v for n, v in vars(cls).items() if isinstance(v, dict) and "converter" in v}

    def __init__(self, *args, **kw):
        for (name, spec), arg in zip(specs.items(), args):
            kw.setdefault(name, arg)
        for name, spec in specs.items():
            val = kw[name] if name in kw else (spec["factory"]() if spec["factory"] else spec["default"])
            if val is _MISSING:
                raise TypeError(f"{cls.__name__}: missing {name}")
            setattr(self, name, spec["converter"](val) if spec["converter"] else val)
        if hasattr(self, "__attrs_post_init__"):
            self.__attrs_post_init__()
    cls.__init__ = __init__
    return cls
# ---- end schema_lite -------------------------------------------------------------------------


LOGICAL_RULES = {"vocab": "rows", "examples": "batch", "features": None}


def to_mesh_axis(name):
    name = name.strip().lower()
    return LOGICAL_RULES.get(name, name)


class EmbeddingConfig(BaseModel):
    vocab_size: int = Field(64, ge=8)
    dim: int = Field(4, ge=1)
    table_axis: str = Field("vocab", alias="table")
    batch_axis: str = Field("examples", alias="batch")
    cache_axis: str = Field(None, alias="cache")
    combiner: typing.Literal["sum", "mean"] = "sum"

    @validator("table_axis", "batch_axis")
    def _map(cls, v, values):
        return to_mesh_axis(v)

    @root_validator
    def _cache(cls, values):
        values["cache_axis"] = to_mesh_axis(values["cache_axis"] or "vocab")
        return values


def lookup(cfg, table_shard, ids):
    n_local = table_shard.shape[0]
    start = jax.lax.axis_index(cfg.table_axis) * n_local
    local = ids - start
    owned = (local >= 0) & (local < n_local)
    vecs = jnp.take(table_shard, jnp.clip(local, 0, n_local - 1), axis=0)
    part = jnp.where(owned[..., None], vecs, 0.0)
    return jax.lax.psum(part, cfg.table_axis)


def build(cfg, mesh):
    ta, ba = cfg.table_axis, cfg.batch_axis

    def body(table_shard, ids):
        emb = lookup(cfg, table_shard, ids)
        pooled = jnp.sum(emb, axis=1)
        if cfg.combiner == "mean":
            pooled = pooled / ids.shape[1]
        cache = jax.lax.all_gather(emb[:, 0], cfg.cache_axis, axis=0, tiled=True, to="reduced")
        return pooled, cache

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(P(ta, None), P(ba, None)),
        out_specs=(P(ba, None), P(None, None, reduced={cfg.cache_axis}))))


def inputs():
    cfg = EmbeddingConfig.parse_obj({"table": "Vocab", "batch": "examples", "dim": 4})
    rng = np.random.default_rng(36)
    table = rng.normal(size=(cfg.vocab_size, cfg.dim)).astype(np.float32)
    ids = rng.integers(0, cfg.vocab_size, size=(8, 3)).astype(np.int32)
    return cfg, table, ids


def main(cfg, table, ids):
    mesh = jax.make_mesh((2, 4), (cfg.table_axis, cfg.batch_axis))
    with jax.set_mesh(mesh):
        ts = jax.device_put(table, NamedSharding(mesh, P(cfg.table_axis, None)))
        ids = jax.device_put(ids, NamedSharding(mesh, P(cfg.batch_axis, None)))
        pooled, cache = build(cfg, mesh)(ts, ids)
        return pooled


if __name__ == "__main__":
    main(*inputs())
