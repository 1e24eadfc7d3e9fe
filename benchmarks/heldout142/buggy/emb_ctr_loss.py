"""recsys/ctr/wide_and_deep_loss.py -- CTR loss over a row-sharded embedding table.

The table is row-split over `rows`, the examples over `batch`. The loss is the summed binary
cross-entropy over the global batch; CTRConfig.loss_axes lists the axes summed over, and the
count of examples is summed the same way for the mean.
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


class CTRConfig(BaseModel):
    table_axis: str = Field("rows", alias="table")
    batch_axis: str = Field("batch", alias="examples")
    loss_axes: tuple = Field(default_factory=lambda: ("batch", "rows"))
    n_fields: int = Field(3, ge=1)
    label_smoothing: float = Field(0.0, ge=0.0, le=0.5)

    @validator("table_axis", "batch_axis")
    def _n(cls, v, values):
        return v.strip().lower()

    @validator("loss_axes")
    def _loss_axes(cls, v, values):
        return tuple(a.strip().lower() for a in v)


@define
class ShardedTable:
    axis = field(converter=str.lower)

    def __call__(self, shard, ids):
        n = shard.shape[0]
        local = ids - jax.lax.axis_index(self.axis) * n
        hit = (local >= 0) & (local < n)
        rows = jnp.take(shard, jnp.clip(local, 0, n - 1), axis=0)
        return jax.lax.psum(jnp.where(hit[..., None], rows, 0.0), self.axis)


def bce(logits, labels, smoothing):
    labels = labels * (1.0 - smoothing) + 0.5 * smoothing
    return jnp.maximum(logits, 0) - logits * labels + jnp.log1p(jnp.exp(-jnp.abs(logits)))


def build(cfg, mesh):
    table = ShardedTable(cfg.table_axis)
    ta, ba = cfg.table_axis, cfg.batch_axis

    def loss_fn(shard, w_deep, w_wide, ids, labels):
        emb = table(shard, ids)
        deep = jnp.tanh(emb.reshape(emb.shape[0], -1)) @ w_deep
        wide = jnp.sum(emb, axis=(1, 2)) * w_wide
        logits = deep[:, 0] + wide
        total = jax.lax.psum(jnp.sum(bce(logits, labels, cfg.label_smoothing)), cfg.loss_axes)
        count = jax.lax.psum(jnp.float32(labels.shape[0]), ba)
        return total / count

    return jax.jit(jax.shard_map(
        loss_fn, mesh=mesh,
        in_specs=(P(ta, None), P(), P(), P(ba, None), P(ba)), out_specs=P()))


def inputs():
    cfg = CTRConfig.parse_obj({"table": "Rows", "examples": "BATCH", "n_fields": 3})
    rng = np.random.default_rng(40)
    table = (rng.normal(size=(32, 4)) * 0.3).astype(np.float32)
    w_deep = (rng.normal(size=(cfg.n_fields * 4, 1)) * 0.3).astype(np.float32)
    w_wide = np.float32(0.1)
    ids = rng.integers(0, 32, size=(16, cfg.n_fields)).astype(np.int32)
    labels = rng.integers(0, 2, size=(16,)).astype(np.float32)
    return cfg, table, w_deep, w_wide, ids, labels


def main(cfg, table, w_deep, w_wide, ids, labels):
    mesh = jax.make_mesh((2, 4), (cfg.table_axis, cfg.batch_axis))
    ta, ba = cfg.table_axis, cfg.batch_axis
    with jax.set_mesh(mesh):
        args = (jax.device_put(table, NamedSharding(mesh, P(ta, None))),
                jax.device_put(w_deep, NamedSharding(mesh, P())),
                jax.device_put(w_wide, NamedSharding(mesh, P())),
                jax.device_put(ids, NamedSharding(mesh, P(ba, None))),
                jax.device_put(labels, NamedSharding(mesh, P(ba))))
        return build(cfg, mesh)(*args)


if __name__ == "__main__":
    main(*inputs())
