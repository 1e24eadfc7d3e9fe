"""models/transformer/row_parallel_sp.py -- row-parallel linear feeding a sequence-parallel region.

The input features are split over the tensor axis; the partial products are reduce-scattered
over the sequence (sequence parallelism), normalised locally, and the block output is gathered
back along the sequence in the mode SPConfig names.
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


class SPConfig(BaseModel):
    batch_axis: str = Field("batch", alias="dp")
    tensor_axis: str = Field("tensor", alias="tp")
    out_gather: typing.Literal["varying", "reduced", "invarying"] = "reduced"
    eps: float = Field(1e-6, ge=0.0)

    @validator("batch_axis", "tensor_axis")
    def _norm(cls, v, values):
        return v.strip().lower()

    def out_spec(self):
        red = {self.tensor_axis} if self.out_gather == "reduced" else set()
        return P(self.batch_axis, None, None, reduced=red)


@define
class RowParallel:
    cfg = field()

    def project(self, x, w):
        partial = jnp.einsum("bsf,fd->bsd", x, w)
        return jax.lax.psum_scatter(partial, self.cfg.tensor_axis, scatter_dimension=1, tiled=True)

    def norm(self, h, scale):
        ms = jnp.mean(h * h, axis=-1, keepdims=True)
        return h * jax.lax.rsqrt(ms + self.cfg.eps) * scale

    def __call__(self, x, w, scale):
        h = self.norm(self.project(x, w), scale)
        return jax.lax.all_gather(h, self.cfg.tensor_axis, axis=1, tiled=True,
                                  to=self.cfg.out_gather)


def build(cfg, mesh):
    dp, tp = cfg.batch_axis, cfg.tensor_axis
    return jax.jit(jax.shard_map(
        RowParallel(cfg), mesh=mesh,
        in_specs=(P(dp, None, tp), P(tp, None), P()),
        out_specs=cfg.out_spec()))


def inputs():
    cfg = SPConfig.parse_obj({"dp": "Batch", "tp": "TENSOR"})
    rng = np.random.default_rng(43)
    x = rng.normal(size=(4, 8, 16)).astype(np.float32)
    w = (rng.normal(size=(16, 6)) * 0.3).astype(np.float32)
    scale = np.ones((6,), np.float32)
    return cfg, x, w, scale


def main(cfg, x, w, scale):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.tensor_axis))
    dp, tp = cfg.batch_axis, cfg.tensor_axis
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(dp, None, tp)))
        ws = jax.device_put(w, NamedSharding(mesh, P(tp, None)))
        sc = jax.device_put(scale, NamedSharding(mesh, P()))
        return build(cfg, mesh)(xs, ws, sc)


if __name__ == "__main__":
    main(*inputs())
