"""models/transformer/seq_parallel_norm.py -- sequence-parallel RMSNorm before a TP projection.

Outside the tensor-parallel matmuls the activations are split over the sequence on the tensor
axis. SeqParallelPlan decides how the sequence is regathered before the projection.
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


class GatherMode(str, enum.Enum):
    VARYING = "varying"
    REDUCED = "reduced"


class SeqParallelPlan(BaseModel):
    batch_axis: str = Field("batch", alias="dp")
    tensor_axis: str = Field("tensor", alias="tp")
    norm_axis: str = None
    gather: GatherMode = GatherMode.REDUCED
    eps: float = Field(1e-6, ge=0.0)
    d_model: int = Field(8, ge=2)

    @validator("batch_axis", "tensor_axis", "norm_axis")
    def _norm(cls, v, values):
        return None if v is None else v.strip().lower()

    @root_validator
    def _fill(cls, values):
        if values["norm_axis"] is None:
            values["norm_axis"] = values["tensor_axis"]
        return values


class RMSNormProj:
    def __init__(self, plan):
        self.plan = plan

    def regather(self, x):
        return jax.lax.all_gather(x, self.plan.tensor_axis, axis=1, tiled=True,
                                  to=self.plan.gather.value)

    def rms(self, full):
        ss = jax.lax.pmean(jnp.sum(full * full, axis=-1, keepdims=True), self.plan.norm_axis)
        return jax.lax.rsqrt(ss / full.shape[-1] + self.plan.eps)

    def __call__(self, x, scale, w):
        full = self.regather(x)
        inv = self.rms(full)
        normed = full * inv * scale
        return jnp.einsum("bsd,df->bsf", normed, w)


def build(plan, mesh):
    layer = RMSNormProj(plan)
    dp, tp = plan.batch_axis, plan.tensor_axis
    return jax.jit(jax.shard_map(
        layer, mesh=mesh,
        in_specs=(P(dp, tp, None), P(), P(None, tp)),
        out_specs=P(dp, None, tp)))


def inputs():
    plan = SeqParallelPlan.parse_obj({"dp": "batch ", "tp": "Tensor", "d_model": 8})
    rng = np.random.default_rng(8)
    x = rng.normal(size=(4, 8, plan.d_model)).astype(np.float32)
    scale = np.ones((plan.d_model,), np.float32)
    w = (rng.normal(size=(plan.d_model, 16)) * 0.3).astype(np.float32)
    return plan, x, scale, w


def main(plan, x, scale, w):
    mesh = jax.make_mesh((2, 4), (plan.batch_axis, plan.tensor_axis))
    dp, tp = plan.batch_axis, plan.tensor_axis
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(dp, tp, None)))
        sc = jax.device_put(scale, NamedSharding(mesh, P()))
        ws = jax.device_put(w, NamedSharding(mesh, P(None, tp)))
        return build(plan, mesh)(xs, sc, ws)


if __name__ == "__main__":
    main(*inputs())
