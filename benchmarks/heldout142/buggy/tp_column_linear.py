"""models/transformer/column_linear.py -- Megatron-style ColumnParallelLinear with gather_output.

The output features are split over the tensor axis; with `gather_output` the layer returns the
whole feature dimension, collected in the mode the LinearConfig names, and adds the bias.
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


class LinearConfig(BaseModel):
    in_features: int = Field(8, ge=1)
    out_features: int = Field(16, ge=1)
    tensor_axis: str = Field("tensor", alias="tp")
    batch_axis: str = Field("batch", alias="dp")
    gather_output: bool = True
    gather_mode: typing.Literal["varying", "reduced", "invarying"] = "reduced"
    use_bias: bool = True

    @validator("tensor_axis", "batch_axis")
    def _ax(cls, v, values):
        return v.strip().lower()

    @validator("gather_mode")
    def _mode(cls, v, values):
        return v.lower()

    def out_spec(self):
        if not self.gather_output:
            return P(self.batch_axis, self.tensor_axis)
        if self.gather_mode == "reduced":
            return P(self.batch_axis, None, reduced={self.tensor_axis})
        return P(self.batch_axis, None)


class ColumnParallelLinear:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, x, kernel, bias):
        y = x @ kernel
        if self.cfg.gather_output:
            y = jax.lax.all_gather(y, self.cfg.tensor_axis, axis=1, tiled=True,
                                   to=self.cfg.gather_mode)
            if self.cfg.use_bias:
                y = y + bias
        elif self.cfg.use_bias:
            y = y + bias
        return y

    def param_specs(self):
        tp = self.cfg.tensor_axis
        bias = P() if self.cfg.gather_output else P(tp)
        return P(None, tp), bias

    def shard(self, mesh):
        k, b = self.param_specs()
        return jax.jit(jax.shard_map(self, mesh=mesh,
                                     in_specs=(P(self.cfg.batch_axis, None), k, b),
                                     out_specs=self.cfg.out_spec()))


def inputs():
    cfg = LinearConfig.parse_obj({"in_features": 8, "out_features": 16, "tp": "TENSOR",
                                  "dp": "Batch", "gather_mode": "reduced"})
    rng = np.random.default_rng(11)
    x = rng.normal(size=(4, cfg.in_features)).astype(np.float32)
    kernel = (rng.normal(size=(cfg.in_features, cfg.out_features)) * 0.3).astype(np.float32)
    bias = np.full((cfg.out_features,), 0.1, np.float32)
    return cfg, x, kernel, bias


def main(cfg, x, kernel, bias):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.tensor_axis))
    layer = ColumnParallelLinear(cfg)
    kspec, bspec = layer.param_specs()
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis, None)))
        ks = jax.device_put(kernel, NamedSharding(mesh, kspec))
        bs = jax.device_put(bias, NamedSharding(mesh, bspec))
        return layer.shard(mesh)(xs, ks, bs)


if __name__ == "__main__":
    main(*inputs())
