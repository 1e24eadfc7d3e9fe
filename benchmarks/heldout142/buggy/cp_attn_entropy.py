"""models/long_context/attention_entropy.py -- context-parallel attention with entropy probes.

Keys and values are split over the sequence on the `seq` axis; the softmax normaliser is summed
over it. The entropy probe records a per-query statistic along the probe axis of the config.
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


SYNONYMS = {"ctx": "seq", "context": "seq", "sequence": "seq", "dp": "data", "batch": "data"}


def canon(name):
    name = name.strip().lower()
    return SYNONYMS.get(name, name)


@define
class Probe:
    name = field(converter=str)
    axis = field(converter=canon)


class ContextConfig(BaseModel):
    data_axis: str = Field("data", alias="batch")
    seq_axis: str = Field("seq", alias="context")
    probes: list = Field(default_factory=list)
    scale: typing.Optional[float] = Field(None)

    @validator("data_axis", "seq_axis")
    def _canon(cls, v, values):
        return canon(v)

    @validator("probes")
    def _probes(cls, v, values):
        return [p if isinstance(p, Probe) else Probe(**p) for p in v]


def build(cfg, mesh, d_head):
    da, sa = cfg.data_axis, cfg.seq_axis
    scale = cfg.scale or 1.0 / np.sqrt(d_head)

    def attend(q, k, v):
        s = jnp.einsum("bqd,bkd->bqk", q, k) * scale
        m = jax.lax.pmax(jnp.max(s, axis=-1, keepdims=True), sa)
        e = jnp.exp(s - m)
        z = jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), sa)
        out = jax.lax.psum(jnp.einsum("bqk,bkd->bqd", e, v), sa) / z
        p = e / z
        ent = jax.lax.psum(-jnp.sum(p * jnp.log(p + 1e-9), axis=-1), sa)
        probes = {}
        for probe in cfg.probes:
            probes[probe.name] = jax.lax.all_gather(ent, probe.axis, axis=0, tiled=True, to="reduced")
        return out, probes

    probe_specs = {p.name: P(None, None, reduced={p.axis}) for p in cfg.probes}
    return jax.jit(jax.shard_map(
        attend, mesh=mesh,
        in_specs=(P(da, None, None), P(da, sa, None), P(da, sa, None)),
        out_specs=(P(da, None, None), probe_specs)))


def inputs():
    cfg = ContextConfig.parse_obj({"batch": "DP", "context": "Ctx",
                                   "probes": [{"name": "entropy", "axis": "context"}]})
    rng = np.random.default_rng(24)
    q = rng.normal(size=(4, 3, 8)).astype(np.float32)
    k = rng.normal(size=(4, 16, 8)).astype(np.float32)
    v = rng.normal(size=(4, 16, 8)).astype(np.float32)
    return cfg, q, k, v


def main(cfg, q, k, v):
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.seq_axis))
    da, sa = cfg.data_axis, cfg.seq_axis
    with jax.set_mesh(mesh):
        qs = jax.device_put(q, NamedSharding(mesh, P(da, None, None)))
        ks = jax.device_put(k, NamedSharding(mesh, P(da, sa, None)))
        vs = jax.device_put(v, NamedSharding(mesh, P(da, sa, None)))
        out, probes = build(cfg, mesh, q.shape[-1])(qs, ks, vs)
        return out


if __name__ == "__main__":
    main(*inputs())
