"""models/transformer/mlp_block.py -- tensor-parallel MLP block (Megatron-style column/row split).

The LayerPlan says which mesh axis the hidden units are split over; an activation tap gathers
the block output along the tap axis for the interpretability probes.
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


def _ax(v):
    return v.strip().lower() if isinstance(v, str) else v


@define
class Tap:
    name = field(converter=str)
    axis = field(converter=_ax, default=None)
    dim = field(converter=int, default=0)


class LayerPlan(BaseModel):
    batch_axis: str = Field("batch", alias="dp")
    tensor_axis: str = Field("tensor", alias="tp")
    d_model: int = Field(8, ge=1)
    d_ff: int = Field(32, ge=4)
    taps: list = Field(default_factory=list)

    @validator("batch_axis", "tensor_axis")
    def _norm(cls, v, values):
        return _ax(v)

    @root_validator
    def _taps(cls, values):
        taps = []
        for t in values["taps"]:
            t = Tap(**t) if isinstance(t, dict) else t
            if t.axis is None:
                t.axis = values["tensor_axis"]
            taps.append(t)
        values["taps"] = taps
        return values

    def specs(self):
        return {"w_in": P(None, self.tensor_axis), "w_out": P(self.tensor_axis, None)}


def mlp_block(plan):
    tp = plan.tensor_axis

    def block(params, x):
        h = jax.nn.gelu(x @ params["w_in"])
        y = jax.lax.psum(h @ params["w_out"], tp)
        out = {"y": x + y}
        for tap in plan.taps:
            out[tap.name] = jax.lax.all_gather(y, tap.axis, axis=tap.dim, tiled=True, to="reduced")
        return out

    return block


def build(plan, mesh):
    out_specs = {"y": P(plan.batch_axis, None)}
    for tap in plan.taps:
        out_specs[tap.name] = P(None, None, reduced={tap.axis})
    return jax.jit(jax.shard_map(mlp_block(plan), mesh=mesh,
                                 in_specs=(plan.specs(), P(plan.batch_axis, None)),
                                 out_specs=out_specs))


def inputs():
    plan = LayerPlan.parse_obj({"dp": "Batch", "tp": " Tensor", "d_model": 8, "d_ff": 32,
                                "taps": [{"name": "mlp_out", "axis": "batch"}]})
    rng = np.random.default_rng(6)
    params = {"w_in": (rng.normal(size=(8, 32)) * 0.2).astype(np.float32),
              "w_out": (rng.normal(size=(32, 8)) * 0.2).astype(np.float32)}
    x = rng.normal(size=(4, 8)).astype(np.float32)
    return plan, params, x


def main(plan, params, x):
    mesh = jax.make_mesh((2, 4), (plan.batch_axis, plan.tensor_axis))
    with jax.set_mesh(mesh):
        specs = plan.specs()
        params = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P(plan.batch_axis, None)))
        out = build(plan, mesh)(params, xs)
        return out["y"]


if __name__ == "__main__":
    main(*inputs())
