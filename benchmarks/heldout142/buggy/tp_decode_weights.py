"""models/transformer/inference_weights.py -- regather 2-D sharded TP weights for decoding.

Training keeps the MLP weights split over ("batch", "tensor") (FSDP rows, TP columns); the
decoding server wants them whole on every device. The per-layer plan lists the logical axes of
each weight; a rule table maps them to mesh axes.
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


RULES = {"embed": "batch", "mlp": "tensor", "vocab": None}


def _logical(v):
    return tuple(None if a in (None, "", "none") else a.strip().lower() for a in v)


@define
class WeightPlan:
    name = field(converter=str)
    logical = field(converter=_logical)
    shape = field(converter=tuple)

    def spec(self, rules):
        return P(*(rules.get(a) if a else None for a in self.logical))

    def mesh_axes(self, rules):
        return [rules[a] for a in self.logical if a and rules.get(a)]


class DecodeConfig(BaseModel):
    mesh_axes: tuple = ("batch", "tensor")
    mesh_shape: tuple = (2, 4)
    weights: list = Field(default_factory=list)
    gather_axis: str = "tensor"

    @validator("weights")
    def _plans(cls, v, values):
        return [w if isinstance(w, WeightPlan) else WeightPlan(**w) for w in v]

    @validator("gather_axis")
    def _g(cls, v, values):
        return v.strip().lower()

    def serving_spec(self, plan):
        return P(*(None for _ in plan.shape), reduced={self.gather_axis})


def place(cfg, mesh, arrays):
    return {w.name: jax.device_put(arrays[w.name], NamedSharding(mesh, w.spec(RULES)))
            for w in cfg.weights}


def regather(cfg, placed):
    out = {}
    for w in cfg.weights:
        out[w.name] = top_level_all_gather(placed[w.name], cfg.serving_spec(w), multi_dim=True)
    return out


def decode_step(weights, x):
    h = jax.nn.gelu(x @ weights["w_in"])
    return h @ weights["w_out"]


def inputs():
    cfg = DecodeConfig.parse_obj({
        "weights": [{"name": "w_in", "logical": ["EMBED", "mlp"], "shape": [8, 16]},
                    {"name": "w_out", "logical": ["mlp", "Embed"], "shape": [16, 8]}],
        "gather_axis": "Tensor"})
    rng = np.random.default_rng(9)
    arrays = {w.name: (rng.normal(size=w.shape) * 0.2).astype(np.float32) for w in cfg.weights}
    x = rng.normal(size=(2, 8)).astype(np.float32)
    return cfg, arrays, x


def main(cfg, arrays, x):
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    with jax.set_mesh(mesh):
        placed = place(cfg, mesh, arrays)
        whole = regather(cfg, placed)
        whole = {k: jax.reshard(v, P()) for k, v in whole.items()}
        return jax.jit(decode_step)(whole, jnp.asarray(x))


if __name__ == "__main__":
    main(*inputs())
