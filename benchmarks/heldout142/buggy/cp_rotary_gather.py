"""models/long_context/rotary_gather.py -- all-gather KV attention with rotary key positions.

Each device holds a block of the sequence on the `seq` axis; keys are collected over it (the
collective's mode comes from AttnConfig) and rotated by their absolute positions before the
scores are taken against the local queries.
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


class AttnConfig(BaseModel):
    batch_axis: str = Field("data", alias="dp")
    seq_axis: str = Field("seq", alias="cp")
    d_head: int = Field(8, ge=2)
    rope_base: float = Field(10000.0, ge=1.0)
    collect: typing.Literal["varying", "reduced"] = "varying"

    @validator("batch_axis", "seq_axis")
    def _ax(cls, v, values):
        return v.strip().lower()

    @root_validator
    def _even(cls, values):
        if values["d_head"] % 2:
            raise ValidationError("rotary needs an even head dim")
        return values


def rotary_tables(cfg, length):
    half = cfg.d_head // 2
    inv = 1.0 / (cfg.rope_base ** (np.arange(half) / half))
    ang = np.arange(length)[:, None] * inv[None, :]
    return np.cos(ang).astype(np.float32), np.sin(ang).astype(np.float32)


def rotate(x, cos, sin):
    a, b = jnp.split(x, 2, axis=-1)
    return jnp.concatenate([a * cos - b * sin, a * sin + b * cos], axis=-1)


def build(cfg, mesh, length):
    ba, sa = cfg.batch_axis, cfg.seq_axis
    cos, sin = rotary_tables(cfg, length)
    n = mesh.shape[sa]
    block = length // n

    def body(q, k, v):
        start = jax.lax.axis_index(sa) * block
        qc = jax.lax.dynamic_slice_in_dim(cos, start, block)
        qs = jax.lax.dynamic_slice_in_dim(sin, start, block)
        q = rotate(q, qc, qs)
        keys = jax.lax.all_gather(k, sa, axis=1, tiled=True, to=cfg.collect)
        vals = jax.lax.all_gather(v, sa, axis=1, tiled=True)
        keys = rotate(keys, cos, sin)
        s = jnp.einsum("bqd,bkd->bqk", q, keys) / np.sqrt(cfg.d_head)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), vals)

    spec = P(ba, sa, None)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec))


def inputs():
    cfg = AttnConfig.parse_obj({"dp": "Data", "cp": "SEQ", "d_head": 8, "collect": "reduced"})
    rng = np.random.default_rng(29)
    q, k, v = (rng.normal(size=(2, 16, cfg.d_head)).astype(np.float32) for _ in range(3))
    return cfg, q, k, v


def main(cfg, q, k, v):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.seq_axis))
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, P(cfg.batch_axis, cfg.seq_axis, None))
        q, k, v = (jax.device_put(a, sh) for a in (q, k, v))
        return build(cfg, mesh, q.shape[1])(q, k, v)


if __name__ == "__main__":
    main(*inputs())
