"""serving/long_context/kv_cache_handoff.py -- hand a prefill's KV cache to a single decode host.

The prefill runs context-parallel: the cache is split over batch (`data`) and sequence (`seq`).
The decode worker wants the whole cache; CacheConfig lists the cache's logical axes and the
rule table that maps them to mesh axes.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


class CacheConfig(BaseModel):
    mesh_axes: tuple = ("data", "seq")
    mesh_shape: tuple = (2, 4)
    logical: tuple = ("batch", "length", "heads", "head_dim")
    rules: dict = Field(default_factory=lambda: {"batch": "data", "length": "seq"})
    n_heads: int = Field(2, ge=1)
    head_dim: int = Field(4, ge=1)

    @validator("rules")
    def _rules(cls, v, values):
        return {k.lower(): (a.strip().lower() if a else None) for k, a in v.items()}

    def prefill_spec(self):
        return P(*(self.rules.get(name) for name in self.logical))

    def handoff_spec(self):
        gathered = {a for a in (self.rules.get(n) for n in self.logical) if a}
        return P(*(None for _ in self.logical), reduced=gathered)


def prefill(cfg, mesh, tokens, wk, wv):
    spec = cfg.prefill_spec()

    @jax.jit
    def run(tokens, wk, wv):
        k = jnp.einsum("bld,dhe->blhe", tokens, wk)
        v = jnp.einsum("bld,dhe->blhe", tokens, wv)
        return jax.reshard(k, spec), jax.reshard(v, spec)

    return run(tokens, wk, wv)


class Handoff:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, cache):
        spec = self.cfg.handoff_spec()
        return {name: top_level_all_gather(t, spec) for name, t in cache.items()}


def inputs():
    cfg = CacheConfig.parse_obj({"rules": {"Batch": "DATA", "Length": " seq", "Heads": None}})
    rng = np.random.default_rng(27)
    tokens = rng.normal(size=(2, 16, 6)).astype(np.float32)
    wk = (rng.normal(size=(6, cfg.n_heads, cfg.head_dim)) * 0.3).astype(np.float32)
    wv = (rng.normal(size=(6, cfg.n_heads, cfg.head_dim)) * 0.3).astype(np.float32)
    return cfg, tokens, wk, wv


def main(cfg, tokens, wk, wv):
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    with jax.set_mesh(mesh):
        toks = jax.device_put(tokens, NamedSharding(mesh, P("data", "seq", None)))
        wk = jax.device_put(wk, NamedSharding(mesh, P()))
        wv = jax.device_put(wv, NamedSharding(mesh, P()))
        k, v = prefill(cfg, mesh, toks, wk, wv)
        cache = Handoff(cfg)({"k": k, "v": v})
        return cache["k"]


if __name__ == "__main__":
    main(*inputs())
