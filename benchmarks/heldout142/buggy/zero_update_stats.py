"""optim/zero/update_stats.py -- ZeRO-1 sharded SGD with momentum: per-shard update statistics.

Optimizer state is split over the `fsdp` axis, the batch over (`fsdp`, `replica`). After the
update the trainer logs how large each shard's update was; StatsConfig says along which axis
those numbers are collected.
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


class ZeroConfig(BaseModel):
    shard_axis: str = Field("fsdp", alias="zero")
    replica_axis: str = Field("replica", alias="ddp")
    lr: float = Field(0.05, ge=0.0, le=1.0)
    momentum: float = Field(0.9, ge=0.0, le=1.0)

    @validator("shard_axis", "replica_axis")
    def _norm(cls, v, values):
        return v.strip().lower()


class StatsConfig(BaseModel):
    zero: ZeroConfig = Field(default_factory=ZeroConfig)
    collect_axis: str = None
    sum_axes: tuple = None

    @root_validator
    def _fill(cls, values):
        z = values["zero"]
        values["sum_axes"] = values["sum_axes"] or (z.shard_axis,)
        values["collect_axis"] = (values["collect_axis"] or z.shard_axis).strip().lower()
        return values


def make_step(cfg, mesh):
    z = cfg.zero
    sa, ra = z.shard_axis, z.replica_axis
    batch = (sa, ra)

    def step(w_shard, mom_shard, x, y):
        w = jax.lax.all_gather(w_shard, sa, axis=0, tiled=True)

        def loss(w):
            return jnp.sum((x @ w - y) ** 2)

        g = jax.grad(loss)(w)
        g = jax.lax.psum(g, ra)
        g_shard = jax.lax.psum_scatter(g, sa, scatter_dimension=0, tiled=True)
        mom_shard = z.momentum * mom_shard + g_shard
        upd = z.lr * mom_shard
        size = jax.lax.psum(jnp.sum(upd * upd), cfg.sum_axes)
        stats = jax.lax.all_gather(jnp.reshape(size, (1,)), cfg.collect_axis, tiled=True, to="reduced")
        return w_shard - upd, mom_shard, stats

    return jax.jit(jax.shard_map(
        step, mesh=mesh,
        in_specs=(P(sa, None), P(sa, None), P(batch, None), P(batch, None)),
        out_specs=(P(sa, None), P(sa, None), P(None, reduced={cfg.collect_axis}))))


def inputs():
    cfg = StatsConfig.parse_obj({"zero": {"zero": "FSDP", "ddp": "Replica", "lr": 0.01}})
    rng = np.random.default_rng(30)
    w = (rng.normal(size=(8, 3)) * 0.2).astype(np.float32)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    y = rng.normal(size=(16, 3)).astype(np.float32)
    return cfg, w, x, y


def main(cfg, w, x, y):
    sa, ra = cfg.zero.shard_axis, cfg.zero.replica_axis
    mesh = jax.make_mesh((4, 2), (sa, ra))
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(sa, None)))
        ms = jax.device_put(np.zeros_like(w), NamedSharding(mesh, P(sa, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P((sa, ra), None)))
        ys = jax.device_put(y, NamedSharding(mesh, P((sa, ra), None)))
        step = make_step(cfg, mesh)
        for _ in range(2):
            ws, ms, stats = step(ws, ms, xs, ys)
        return ws


if __name__ == "__main__":
    main(*inputs())
