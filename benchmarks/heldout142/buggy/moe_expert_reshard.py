"""models/moe/expert_resharding.py -- move expert weights from the training to the serving layout.

Training spreads the experts over every device (expert-major). Serving replicates each expert
group across the expert axis and keeps them split over the serving axis; ReshardConfig holds
both layouts and a list of the expert weight names.
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


class Layout(str, enum.Enum):
    EXPERT_MAJOR = "expert_major"
    DATA_MAJOR = "data_major"


class ReshardConfig(BaseModel):
    data_axis: str = "data"
    expert_axis: str = "expert"
    train_layout: Layout = Layout.EXPERT_MAJOR
    serve_axis: str = None
    weights: tuple = ("w_up", "w_down")
    n_experts: int = Field(8, ge=8)

    @validator("data_axis", "expert_axis", "serve_axis")
    def _clean(cls, v, values):
        return v if v is None else v.strip().lower()

    @root_validator
    def _serve(cls, values):
        if values["serve_axis"] is None:
            values["serve_axis"] = values["data_axis"]
        return values

    def train_axes(self):
        if self.train_layout is Layout.EXPERT_MAJOR:
            return (self.expert_axis, self.data_axis)
        return (self.data_axis, self.expert_axis)

    def train_spec(self):
        return P(self.train_axes(), None, None)

    def serve_spec(self):
        rest = set(self.train_axes()) - {self.serve_axis}
        return P(self.serve_axis, None, None, reduced=rest)


def init_experts(cfg, rng):
    return {name: (rng.normal(size=(cfg.n_experts, 6, 6)) * 0.2).astype(np.float32)
            for name in cfg.weights}


def place(cfg, mesh, experts):
    sh = NamedSharding(mesh, cfg.train_spec())
    return {k: jax.device_put(v, sh) for k, v in experts.items()}


def to_serving(cfg, placed):
    out = {}
    for name in cfg.weights:
        out[name] = top_level_all_gather(placed[name], cfg.serve_spec())
    return out


def serve_check(served):
    up, down = served["w_up"], served["w_down"]
    return jax.tree.map(lambda a: a.sharding.spec, {"w_up": up, "w_down": down})


def inputs():
    cfg = ReshardConfig.parse_obj({"data_axis": "Data", "expert_axis": "Expert",
                                   "train_layout": "expert_major"})
    experts = init_experts(cfg, np.random.default_rng(21))
    return cfg, experts


def main(cfg, experts):
    mesh = jax.make_mesh((4, 2), (cfg.data_axis, cfg.expert_axis))
    with jax.set_mesh(mesh):
        placed = place(cfg, mesh, experts)
        served = to_serving(cfg, placed)
        serve_check(served)
        return served["w_up"]


if __name__ == "__main__":
    main(*inputs())
