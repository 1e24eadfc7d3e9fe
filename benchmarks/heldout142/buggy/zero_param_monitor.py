"""optim/zero/param_monitor.py -- ZeRO-3 step that also reports the parameter norm.

The forward pass gathers the weight shards over `fsdp`; the full view kept for the monitor and
the export hooks is gathered in the mode Zero3Config names. The monitor sums squared weights over
the fsdp axis to get the global parameter norm.
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


class Zero3Config(BaseModel):
    shard_axis: str = Field("fsdp", alias="zero")
    replica_axis: str = Field("replica", alias="ddp")
    gather_to: typing.Literal["varying", "reduced"] = "reduced"
    lr: float = Field(0.02, ge=0.0, le=1.0)
    monitor: bool = True

    @validator("shard_axis", "replica_axis")
    def _norm(cls, v, values):
        return v.strip().lower()


class ParamMonitor:
    def __init__(self, cfg):
        self.cfg = cfg

    def norm(self, w):
        sq = jax.lax.psum(jnp.sum(w * w), self.cfg.shard_axis)
        return jnp.sqrt(sq)


class Zero3Step:
    def __init__(self, cfg):
        self.cfg = cfg
        self.monitor = ParamMonitor(cfg)

    def gather(self, w_shard):
        return jax.lax.all_gather(w_shard, self.cfg.shard_axis, axis=0, tiled=True,
                                  to=self.cfg.gather_to)

    def __call__(self, w_shard, x, y):
        sa, ra = self.cfg.shard_axis, self.cfg.replica_axis
        w = self.gather(w_shard)
        pnorm = self.monitor.norm(w) if self.cfg.monitor else jnp.zeros(())

        def loss(w_shard):
            full = jax.lax.all_gather(w_shard, sa, axis=0, tiled=True)
            return jnp.sum((x @ full - y) ** 2)

        g = jax.grad(loss)(w_shard)
        g = jax.lax.psum(g, ra)
        return w_shard - self.cfg.lr * g, pnorm


def build(cfg, mesh):
    sa, ra = cfg.shard_axis, cfg.replica_axis
    return jax.jit(jax.shard_map(
        Zero3Step(cfg), mesh=mesh,
        in_specs=(P(sa, None), P((sa, ra), None), P((sa, ra), None)),
        out_specs=(P(sa, None), P())))


def inputs():
    cfg = Zero3Config.parse_obj({"zero": " fsdp", "ddp": "REPLICA", "gather_to": "reduced"})
    rng = np.random.default_rng(32)
    w = (rng.normal(size=(8, 2)) * 0.2).astype(np.float32)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    y = rng.normal(size=(16, 2)).astype(np.float32)
    return cfg, w, x, y


def main(cfg, w, x, y):
    sa, ra = cfg.shard_axis, cfg.replica_axis
    mesh = jax.make_mesh((4, 2), (sa, ra))
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(sa, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P((sa, ra), None)))
        ys = jax.device_put(y, NamedSharding(mesh, P((sa, ra), None)))
        step = build(cfg, mesh)
        for _ in range(2):
            ws, pnorm = step(ws, xs, ys)
        return pnorm


if __name__ == "__main__":
    main(*inputs())
