"""recsys/retrieval/full_softmax_scoring.py -- score users against the whole (small) item table.

The item table is row-split over `rows`; for full-softmax scoring every device collects the
whole table (mode from ScoringConfig.table_view), clips its entries and scores its users.
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


class TableView(str, enum.Enum):
    LOCAL_COPY = "varying"
    SHARED = "reduced"
    REPLICATED = "invarying"


class ScoringConfig(BaseModel):
    table_axis: str = Field("rows", alias="table")
    batch_axis: str = Field("batch", alias="users")
    table_view: TableView = Field(TableView.REPLICATED, alias="view")
    clip: float = Field(0.5, ge=0.0)
    top_k: int = Field(3, ge=1)

    @validator("table_axis", "batch_axis")
    def _n(cls, v, values):
        return v.strip().lower()


class Scorer:
    def __init__(self, cfg):
        self.cfg = cfg

    def full_table(self, shard):
        return jax.lax.all_gather(shard, self.cfg.table_axis, axis=0, tiled=True,
                                  to=self.cfg.table_view.value)

    def prepare(self, table):
        return jnp.clip(table, -self.cfg.clip, self.cfg.clip)

    def __call__(self, item_shard, users):
        items = self.prepare(self.full_table(item_shard))
        scores = users @ items.T
        vals, idx = jax.lax.top_k(scores, self.cfg.top_k)
        return vals, idx


def build(cfg, mesh):
    ta, ba = cfg.table_axis, cfg.batch_axis
    return jax.jit(jax.shard_map(
        Scorer(cfg), mesh=mesh, in_specs=(P(ta, None), P(ba, None)),
        out_specs=(P(ba, None), P(ba, None))))


def inputs():
    cfg = ScoringConfig.parse_obj({"table": "rows", "users": "Batch", "clip": 0.4, "top_k": 3})
    rng = np.random.default_rng(41)
    items = rng.normal(size=(32, 6)).astype(np.float32)
    users = rng.normal(size=(16, 6)).astype(np.float32)
    return cfg, items, users


def main(cfg, items, users):
    mesh = jax.make_mesh((2, 4), (cfg.table_axis, cfg.batch_axis))
    with jax.set_mesh(mesh):
        its = jax.device_put(items, NamedSharding(mesh, P(cfg.table_axis, None)))
        us = jax.device_put(users, NamedSharding(mesh, P(cfg.batch_axis, None)))
        vals, idx = build(cfg, mesh)(its, us)
        return vals


if __name__ == "__main__":
    main(*inputs())
