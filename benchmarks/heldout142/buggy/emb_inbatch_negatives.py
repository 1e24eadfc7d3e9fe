"""recsys/retrieval/in_batch_negatives.py -- sampled-softmax retrieval with in-batch negatives.

Users and items are split over `batch`; tables are row-split over `rows`. Every device collects
the item vectors of the whole batch (the negatives) in the mode NegativesConfig names, scores its
users against them, and adds L2 regularisers listed in RegConfig.
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


class NegativesConfig(BaseModel):
    gather: typing.Literal["varying", "reduced"] = "reduced"
    temperature: float = Field(0.1, ge=0.001, le=10.0)


class RegConfig(BaseModel):
    weights: dict = Field(default_factory=lambda: {"user": 1e-4, "item": 1e-4})
    axis: str = "batch"

    @validator("weights")
    def _floats(cls, v, values):
        return {k.strip().lower(): float(w) for k, w in v.items()}


class RetrievalConfig(BaseModel):
    table_axis: str = Field("rows", alias="table")
    batch_axis: str = Field("batch", alias="batch")
    negatives: NegativesConfig = Field(default_factory=NegativesConfig)
    reg: RegConfig = Field(default_factory=RegConfig)

    @validator("table_axis", "batch_axis")
    def _norm(cls, v, values):
        return v.strip().lower()


def sharded_lookup(table_shard, ids, axis):
    n = table_shard.shape[0]
    local = ids - jax.lax.axis_index(axis) * n
    hit = (local >= 0) & (local < n)
    rows = jnp.take(table_shard, jnp.clip(local, 0, n - 1), axis=0)
    return jax.lax.psum(jnp.where(hit[:, None], rows, 0.0), axis)


def build(cfg, mesh):
    ta, ba = cfg.table_axis, cfg.batch_axis

    def loss_fn(users, items, uid, iid):
        u = sharded_lookup(users, uid, ta)
        i = sharded_lookup(items, iid, ta)
        negatives = jax.lax.all_gather(i, ba, axis=0, tiled=True, to=cfg.negatives.gather)
        logits = (u @ negatives.T) / cfg.negatives.temperature
        offset = jax.lax.axis_index(ba) * u.shape[0]
        labels = offset + jnp.arange(u.shape[0])
        xent = jnp.mean(jax.nn.logsumexp(logits, axis=-1)
                        - jnp.take_along_axis(logits, labels[:, None], axis=-1)[:, 0])
        vecs = {"user": u, "item": negatives}
        reg = sum(w * jax.lax.pmean(jnp.sum(vecs[k] * vecs[k]), cfg.reg.axis)
                  for k, w in cfg.reg.weights.items())
        return jax.lax.pmean(xent, ba) + reg

    return jax.jit(jax.shard_map(
        loss_fn, mesh=mesh, in_specs=(P(ta, None), P(ta, None), P(ba), P(ba)), out_specs=P()))


def inputs():
    cfg = RetrievalConfig.parse_obj({"table": "ROWS", "batch": "Batch",
                                     "reg": {"weights": {"User": "1e-4", "Item": 2e-4}}})
    rng = np.random.default_rng(38)
    users = (rng.normal(size=(32, 4)) * 0.5).astype(np.float32)
    items = (rng.normal(size=(32, 4)) * 0.5).astype(np.float32)
    uid = rng.integers(0, 32, size=(16,)).astype(np.int32)
    iid = rng.integers(0, 32, size=(16,)).astype(np.int32)
    return cfg, users, items, uid, iid


def main(cfg, users, items, uid, iid):
    mesh = jax.make_mesh((2, 4), (cfg.table_axis, cfg.batch_axis))
    with jax.set_mesh(mesh):
        tsh = NamedSharding(mesh, P(cfg.table_axis, None))
        bsh = NamedSharding(mesh, P(cfg.batch_axis))
        args = (jax.device_put(users, tsh), jax.device_put(items, tsh),
                jax.device_put(uid, bsh), jax.device_put(iid, bsh))
        return build(cfg, mesh)(*args)


if __name__ == "__main__":
    main(*inputs())
