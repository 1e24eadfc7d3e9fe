"""trainer/debug/activation_dump.py -- data-parallel MLP: dump hidden activations for a probe.

The hidden layer is split over `model` (column-parallel w1); the probe first collects each
shard's activation norms over the model axis, and the dumper collects over the dump axes.
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


def _axis_tuple(v):
    if isinstance(v, str):
        v = v.split(",")
    return tuple(a.strip().lower() for a in v if a.strip())


@define
class DumpPlan:
    hidden_axis = field(converter=str.lower)
    dump_axes = field(converter=_axis_tuple, default="data,model")
    every = field(default=1, converter=int)

    def __attrs_post_init__(self):
        if self.hidden_axis not in self.dump_axes:
            raise ValueError(f"{self.hidden_axis} must be one of {self.dump_axes}")


class ProbeConfig(BaseModel):
    batch_axis: str = "data"
    shape: tuple = (4, 2)
    names: tuple = ("data", "model")
    hidden: int = Field(16, ge=4)
    plan: dict = Field(default_factory=lambda: {"hidden_axis": "MODEL"})

    @validator("names")
    def _names(cls, v, values):
        return _axis_tuple(v)

    def dump_plan(self):
        return DumpPlan(**self.plan)


class Probe:
    def __init__(self, plan):
        self.plan = plan

    def norms(self, h):
        sq = jnp.sum(h * h, axis=0, keepdims=True)
        return jax.lax.all_gather(sq, self.plan.hidden_axis, axis=1, tiled=True, to="reduced")

    def dump(self, stats):
        return jax.lax.all_gather(stats, self.plan.dump_axes, axis=0, tiled=True, to="reduced")


def build_forward(cfg, mesh):
    probe = Probe(cfg.dump_plan())
    hid = probe.plan.hidden_axis

    def fwd(w1, w2, x):
        h = jax.nn.relu(x @ w1)
        out = jax.lax.psum(h @ w2, hid)
        stats = probe.norms(h)
        return out, probe.dump(stats)

    return jax.shard_map(
        fwd, mesh=mesh,
        in_specs=(P(None, hid), P(hid, None), P(cfg.batch_axis, None)),
        out_specs=(P(cfg.batch_axis, None), P(None, None, reduced=set(probe.plan.dump_axes))),
    )


def inputs():
    cfg = ProbeConfig.parse_obj({"names": "Data, Model", "hidden": 16})
    rng = np.random.default_rng(1)
    x = rng.normal(size=(16, 6)).astype(np.float32)
    w1 = (rng.normal(size=(6, cfg.hidden)) * 0.3).astype(np.float32)
    w2 = (rng.normal(size=(cfg.hidden, 3)) * 0.3).astype(np.float32)
    return cfg, x, w1, w2


def main(cfg, x, w1, w2):
    mesh = jax.make_mesh(cfg.shape, cfg.names)
    hid = cfg.dump_plan().hidden_axis
    with jax.set_mesh(mesh):
        w1 = jax.device_put(w1, NamedSharding(mesh, P(None, hid)))
        w2 = jax.device_put(w2, NamedSharding(mesh, P(hid, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis, None)))
        out, dumped = jax.jit(build_forward(cfg, mesh))(w1, w2, xs)
        return out


if __name__ == "__main__":
    main(*inputs())
