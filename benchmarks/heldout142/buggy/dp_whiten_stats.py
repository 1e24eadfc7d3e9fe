"""trainer/data/batch_norm_stats.py -- data-parallel MLP: input whitening from global batch stats.

NormConfig says which axis the batch is split over; the whitening statistics are computed over
the whole global batch, collected on every device.
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


class NormConfig(BaseModel):
    axis_names: tuple = ("data", "model")
    shape: tuple = (4, 2)
    stats_axis: str = Field("data", alias="stats")
    eps: float = Field(1e-5, ge=0.0, le=1.0)
    momentum: float = Field(0.9, ge=0.0, le=1.0)
    collect: str = "reduced"

    @validator("axis_names")
    def _names(cls, v, values):
        return tuple(a.strip().lower() for a in v)

    @validator("stats_axis")
    def _stats(cls, v, values):
        v = v.strip().lower()
        if v not in values["axis_names"]:
            raise ValidationError(f"stats axis {v!r} not in mesh {values['axis_names']}")
        return v


class RunningStats:
    def __init__(self, cfg):
        self.cfg = cfg

    def gather(self, x):
        return jax.lax.all_gather(x, self.cfg.stats_axis, axis=0, tiled=True, to=self.cfg.collect)

    def moments(self, x):
        full = self.gather(x)
        mu = jnp.mean(full, axis=0)
        var = jnp.mean((full - mu) ** 2, axis=0)
        return mu, var

    def whiten(self, x, mu, var):
        return (x - mu) * jax.lax.rsqrt(var + self.cfg.eps)


def build_step(cfg, mesh):
    stats = RunningStats(cfg)
    ax = cfg.stats_axis

    def step(w, x, y):
        mu, var = stats.moments(x)
        xn = stats.whiten(x, mu, var)

        def loss(w):
            return jnp.sum((xn @ w - y) ** 2)

        g = jax.lax.psum(jax.grad(loss)(w), ax)
        return w - 0.01 * g, mu

    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(P(), P(ax, None), P(ax, None)),
                                 out_specs=(P(), P())))


def inputs():
    cfg = NormConfig.parse_obj({"axis_names": ("Data", "Model"), "stats": "data"})
    rng = np.random.default_rng(5)
    x = (rng.normal(size=(32, 4)) * 3.0 + 1.0).astype(np.float32)
    y = rng.normal(size=(32, 1)).astype(np.float32)
    w = np.zeros((4, 1), np.float32)
    return cfg, w, x, y


def main(cfg, w, x, y):
    mesh = jax.make_mesh(cfg.shape, cfg.axis_names)
    ax = cfg.stats_axis
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(ax, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(ax, None)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        step = build_step(cfg, mesh)
        for _ in range(3):
            w, mu = step(w, xs, ys)
        return w


if __name__ == "__main__":
    main(*inputs())
