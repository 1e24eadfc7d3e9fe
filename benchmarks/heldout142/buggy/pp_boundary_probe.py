"""parallel/pipeline/boundary_probe.py -- record stage-boundary activations of a 1F pipeline.

The probe collects each stage's boundary activations in the order of ProbeConfig.collect: every
entry is a comma-separated list of mesh axes (written as in the launcher's YAML).
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


def _split_axes(v):
    parts = v.split(",") if isinstance(v, str) else list(v)
    out = tuple(p.strip().lower() for p in parts if p and p.strip())
    return out[0] if len(out) == 1 else out


@define
class CollectStep:
    axes = field(converter=_split_axes)
    dim = field(converter=int, default=0)

    def names(self):
        return {self.axes} if isinstance(self.axes, str) else set(self.axes)


class ProbeConfig(BaseModel):
    stage_axis: str = "stage"
    data_axis: str = "data"
    mesh_shape: tuple = (4, 2)
    collect: list = Field(default_factory=lambda: ["stage"])
    width: int = Field(6, ge=1)

    @validator("collect")
    def _steps(cls, v, values):
        return [c if isinstance(c, CollectStep) else CollectStep(c) for c in v]

    def reduced_axes(self):
        out = set()
        for step in self.collect:
            out |= step.names()
        return out


def forward(cfg, mesh):
    sa, da = cfg.stage_axis, cfg.data_axis
    n = cfg.mesh_shape[0]
    ring = [(i, (i + 1) % n) for i in range(n)]

    def body(w, x):
        idx = jax.lax.axis_index(sa)
        h = jnp.where(idx == 0, x, 0.0)
        for _ in range(n - 1):
            h = jax.lax.ppermute(jax.nn.relu(h @ w[0]), sa, ring)
        boundary = h[None]
        for step in cfg.collect:
            boundary = jax.lax.all_gather(boundary, step.axes, axis=step.dim, tiled=True, to="reduced")
        out = jax.lax.psum(jnp.where(idx == n - 1, h @ w[0], 0.0), sa)
        return out, boundary

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(P(sa, None, None), P(da, None)),
        out_specs=(P(da, None), P(None, None, None, reduced=cfg.reduced_axes()))))


def inputs():
    cfg = ProbeConfig.parse_obj({"collect": ["Stage", "stage, data"], "width": 6})
    rng = np.random.default_rng(13)
    w = (rng.normal(size=(4, cfg.width, cfg.width)) * 0.4).astype(np.float32)
    x = rng.normal(size=(8, cfg.width)).astype(np.float32)
    return cfg, w, x


def main(cfg, w, x):
    mesh = jax.make_mesh(cfg.mesh_shape, (cfg.stage_axis, cfg.data_axis))
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(cfg.stage_axis, None, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.data_axis, None)))
        out, boundary = forward(cfg, mesh)(ws, xs)
        return out


if __name__ == "__main__":
    main(*inputs())
