"""optim/zero/weight_standardization.py -- ZeRO-3 layer with weight standardisation.

The kernel is stored split over `fsdp`; the layer gathers it (in the mode LayerConfig.gather
names) and standardises each output column before the matmul, as in WS/BiT-style models.
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


class GatherMode(str, enum.Enum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


class LayerConfig(BaseModel):
    shard_axis: str = Field("fsdp", alias="zero")
    replica_axis: str = Field("replica", alias="ddp")
    gather: GatherMode = GatherMode.VARYING
    standardize: bool = True
    eps: float = Field(1e-5, ge=0.0)
    lr: float = Field(0.02, ge=0.0, le=1.0)

    @validator("shard_axis", "replica_axis")
    def _norm(cls, v, values):
        return v.strip().lower()

    @root_validator
    def _ws_gather(cls, values):
        if values["standardize"] and values["gather"] is GatherMode.VARYING:
            values["gather"] = GatherMode.REDUCED
        return values


class WSDense:
    def __init__(self, cfg):
        self.cfg = cfg

    def kernel(self, w_shard):
        w = jax.lax.all_gather(w_shard, self.cfg.shard_axis, axis=0, tiled=True,
                               to=self.cfg.gather.value)
        if self.cfg.standardize:
            mu = jnp.mean(w, axis=0, keepdims=True)
            sd = jnp.sqrt(jnp.mean((w - mu) ** 2, axis=0, keepdims=True) + self.cfg.eps)
            w = (w - mu) / sd
        return w

    def __call__(self, w_shard, x):
        return x @ self.kernel(w_shard)


def make_step(cfg, mesh):
    layer = WSDense(cfg)
    sa, ra = cfg.shard_axis, cfg.replica_axis

    def step(w_shard, x, y):
        def loss(w_shard):
            return jnp.mean((layer(w_shard, x) - y) ** 2)

        l, g = jax.value_and_grad(loss)(w_shard)
        g = jax.lax.pmean(g, ra)
        return w_shard - cfg.lr * g, jax.lax.pmean(l, (sa, ra))

    return jax.jit(jax.shard_map(
        step, mesh=mesh,
        in_specs=(P(sa, None), P((sa, ra), None), P((sa, ra), None)),
        out_specs=(P(sa, None), P())))


def inputs():
    cfg = LayerConfig.parse_obj({"zero": "Fsdp", "ddp": "REPLICA", "standardize": True})
    rng = np.random.default_rng(35)
    w = (rng.normal(size=(8, 4)) * 0.3).astype(np.float32)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    y = rng.normal(size=(16, 4)).astype(np.float32)
    return cfg, w, x, y


def main(cfg, w, x, y):
    mesh = jax.make_mesh((4, 2), (cfg.shard_axis, cfg.replica_axis))
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(cfg.shard_axis, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P((cfg.shard_axis, cfg.replica_axis), None)))
        ys = jax.device_put(y, NamedSharding(mesh, P((cfg.shard_axis, cfg.replica_axis), None)))
        step = make_step(cfg, mesh)
        for _ in range(2):
            ws, loss = step(ws, xs, ys)
        return loss


if __name__ == "__main__":
    main(*inputs())
