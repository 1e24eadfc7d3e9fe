"""models/long_context/allgather_kv.py -- context parallelism by all-gathering keys and values.

Every device keeps its query block and collects the full keys/values along the seq axis (mode
from KVConfig). A key-norm regulariser (QK-norm drift monitor) is summed over the seq axis.
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


class KVConfig(BaseModel):
    data_axis: str = "data"
    seq_axis: str = "seq"
    kv_gather: str = Field("reduced", alias="gather")
    key_norm_coef: float = Field(1e-3, ge=0.0)
    d_head: int = Field(8, ge=1)

    @validator("data_axis", "seq_axis", "kv_gather")
    def _lower(cls, v, values):
        return v.strip().lower()

    @validator("kv_gather")
    def _known(cls, v, values):
        v = v.strip().lower()
        if v not in ("varying", "reduced", "invarying"):
            raise ValidationError(f"unknown gather mode {v!r}")
        return v


@define
class KVGather:
    axis = field(converter=str.lower)
    mode = field(converter=str.lower, default="varying")

    def __call__(self, t):
        return jax.lax.all_gather(t, self.axis, axis=1, tiled=True, to=self.mode)


def key_norm_penalty(cfg, keys):
    per_block = jnp.sum(keys * keys)
    return cfg.key_norm_coef * jax.lax.psum(per_block, cfg.seq_axis)


def build(cfg, mesh):
    da, sa = cfg.data_axis, cfg.seq_axis
    gather = KVGather(sa, cfg.kv_gather)

    def body(q, k, v):
        keys = gather(k)
        vals = gather(v)
        penalty = key_norm_penalty(cfg, keys)
        s = jnp.einsum("bqd,bkd->bqk", q, keys) / np.sqrt(cfg.d_head)
        w = jax.nn.softmax(s, axis=-1)
        out = jnp.einsum("bqk,bkd->bqd", w, vals)
        return out, jax.lax.pmean(penalty, da)

    spec = P(da, sa, None)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, spec, spec),
                                 out_specs=(spec, P())))


def inputs():
    cfg = KVConfig.parse_obj({"data_axis": "Data", "seq_axis": "Seq", "gather": "Reduced "})
    rng = np.random.default_rng(26)
    q, k, v = (rng.normal(size=(2, 16, cfg.d_head)).astype(np.float32) for _ in range(3))
    return cfg, q, k, v


def main(cfg, q, k, v):
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.seq_axis))
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, P(cfg.data_axis, cfg.seq_axis, None))
        q, k, v = (jax.device_put(a, sh) for a in (q, k, v))
        out, pen = build(cfg, mesh)(q, k, v)
        return out


if __name__ == "__main__":
    main(*inputs())
