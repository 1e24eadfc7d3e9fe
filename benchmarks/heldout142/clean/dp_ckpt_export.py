"""trainer/checkpoint/export.py -- data-parallel MLP: export weights for the serving fleet.

Weights are stored fully sharded over ("data", "model") on their rows; the serving layout keeps
them split over the serving axis and gathers the rest. Both layouts come from CheckpointConfig.
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


def _axes(v):
    if isinstance(v, str):
        v = [v]
    return tuple(a.strip().lower() for a in v)


class CheckpointConfig(BaseModel):
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = ("data", "model")
    storage_axes: tuple = None
    serve_axis: str = Field("model", alias="serve")
    keep_steps: int = Field(3, ge=1)

    @validator("mesh_axes", "storage_axes")
    def _norm(cls, v, values):
        return _axes(v) if v is not None else v

    @root_validator
    def _storage_default(cls, values):
        if values["storage_axes"] is None:
            values["storage_axes"] = values["mesh_axes"]
        values["serve_axis"] = values["serve_axis"].strip().lower()
        return values

    def storage_spec(self):
        return P(self.storage_axes, None)

    def serving_spec(self):
        gathered = set(self.storage_axes) - {self.serve_axis}
        return P(self.serve_axis, None, reduced=gathered)


@define
class Exporter:
    cfg = field()
    names = field(converter=tuple, default=("w1", "w2"))

    def place(self, mesh, params):
        sh = NamedSharding(mesh, self.cfg.storage_spec())
        return {k: jax.device_put(params[k], sh) for k in self.names}

    def export(self, placed):
        spec = self.cfg.serving_spec()
        return {k: top_level_all_gather(placed[k], spec) for k in self.names}


def train_steps(params, x, y, lr=0.05, steps=2):
    def loss(p):
        h = jnp.tanh(x @ p["w1"])
        return jnp.mean((h @ p["w2"] - y) ** 2)

    for _ in range(steps):
        g = jax.grad(loss)(params)
        params = {k: params[k] - lr * g[k] for k in params}
    return params


def inputs():
    cfg = CheckpointConfig.parse_obj({"mesh_axes": ["Data", "Model"], "serve": "Data "})
    rng = np.random.default_rng(3)
    params = {"w1": (rng.normal(size=(16, 8)) * 0.2).astype(np.float32),
              "w2": (rng.normal(size=(8, 2)) * 0.2).astype(np.float32)}
    x = rng.normal(size=(8, 16)).astype(np.float32)
    y = rng.normal(size=(8, 2)).astype(np.float32)
    return cfg, params, x, y


def main(cfg, params, x, y):
    params = train_steps(params, x, y)
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    exporter = Exporter(cfg)
    with jax.set_mesh(mesh):
        placed = exporter.place(mesh, params)
        served = exporter.export(placed)
        return served["w1"]


if __name__ == "__main__":
    main(*inputs())
