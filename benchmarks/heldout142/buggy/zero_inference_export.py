"""optim/zero/export_for_inference.py -- turn ZeRO-sharded weights into the inference layout.

Training stores every weight split over `fsdp` on its first dimension. Inference runs column
parallel on the axis InferenceLayout.column_axis names; the exporter regathers the fsdp shards
and places the columns in one call per weight.
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


class InferenceLayout(BaseModel):
    shard_axis: str = Field("fsdp", alias="zero")
    column_axis: str = Field("replica", alias="tp")
    mesh_shape: tuple = (4, 2)
    names: tuple = ("w_in", "w_out")
    dtype: typing.Literal["float32", "bfloat16"] = "float32"

    @validator("shard_axis", "column_axis")
    def _norm(cls, v, values):
        return v.strip().lower()

    @property
    def mesh_axes(self):
        return (self.shard_axis, self.column_axis)

    def train_spec(self):
        return P(self.shard_axis, None)

    def inference_spec(self):
        return P(None, self.column_axis, reduced={self.shard_axis})


@define
class Exporter:
    layout = field()
    cast = field(converter=str, default="float32")

    def place(self, mesh, weights):
        sh = NamedSharding(mesh, self.layout.train_spec())
        return {k: jax.device_put(weights[k], sh) for k in self.layout.names}

    def export(self, placed):
        spec = self.layout.inference_spec()
        out = {}
        for name in self.layout.names:
            out[name] = top_level_all_gather(placed[name], spec).astype(self.cast)
        return out


def sgd(weights, x, y, steps=2, lr=0.05):
    def loss(w):
        return jnp.mean((jnp.tanh(x @ w["w_in"]) @ w["w_out"] - y) ** 2)

    for _ in range(steps):
        g = jax.grad(loss)(weights)
        weights = {k: weights[k] - lr * g[k] for k in weights}
    return weights


def inputs():
    layout = InferenceLayout.parse_obj({"zero": "FSDP", "tp": "Replica"})
    rng = np.random.default_rng(33)
    weights = {"w_in": (rng.normal(size=(8, 8)) * 0.3).astype(np.float32),
               "w_out": (rng.normal(size=(8, 8)) * 0.3).astype(np.float32)}
    x = rng.normal(size=(4, 8)).astype(np.float32)
    y = rng.normal(size=(4, 8)).astype(np.float32)
    return layout, weights, x, y


def main(layout, weights, x, y):
    weights = sgd(weights, x, y)
    mesh = jax.make_mesh(layout.mesh_shape, layout.mesh_axes)
    exporter = Exporter(layout, layout.dtype)
    with jax.set_mesh(mesh):
        placed = exporter.place(mesh, weights)
        served = exporter.export(placed)
        return served["w_in"]


if __name__ == "__main__":
    main(*inputs())
