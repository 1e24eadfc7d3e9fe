"""models/moe/gate_dispatch.py -- expert-parallel gating with a column-split router.

The router's columns live with their experts (split over the expert axis). Each device first
collects the full gate logits of its tokens, then the dispatch sends every expert group the gate
columns it owns with an all_to_all over the expert axis; the mixed rows go back by psum_scatter.
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


@define
class AxisNames:
    data = field(converter=lambda s: s.strip().lower(), default="data")
    expert = field(converter=lambda s: s.strip().lower(), default="expert")

    def as_tuple(self):
        return (self.data, self.expert)


class GateConfig(BaseModel):
    axes: dict = Field(default_factory=dict)
    shape: tuple = (4, 2)
    n_experts: int = Field(4, ge=2)
    gate_gather: typing.Literal["varying", "reduced"] = "reduced"
    jitter: float = Field(0.0, ge=0.0, le=0.5)

    @validator("axes")
    def _axes(cls, v, values):
        return v if isinstance(v, AxisNames) else AxisNames(**v)


class Dispatcher:
    def __init__(self, cfg):
        self.cfg = cfg
        self.ax = cfg.axes

    def gate_logits(self, x, w_router):
        local = x @ w_router
        return jax.lax.all_gather(local, self.ax.expert, axis=1, tiled=True, to=self.cfg.gate_gather)

    def dispatch(self, logits, x):
        ea = self.ax.expert
        per_group = jax.lax.all_to_all(logits, ea, split_axis=1, concat_axis=0, tiled=True)
        tokens = jax.lax.all_gather(x, ea, axis=0, tiled=True)
        return per_group, tokens

    def __call__(self, x, w_router, w_exp):
        logits = self.gate_logits(x, w_router)
        gates, tokens = self.dispatch(logits, x)
        h = jnp.einsum("td,edf->tef", tokens, w_exp)
        mixed = jnp.sum(h * jax.nn.sigmoid(gates)[..., None], axis=1)
        return jax.lax.psum_scatter(mixed, self.ax.expert, scatter_dimension=0, tiled=True)


def build(cfg, mesh):
    da, ea = cfg.axes.as_tuple()
    return jax.jit(jax.shard_map(
        Dispatcher(cfg), mesh=mesh,
        in_specs=(P((da, ea), None), P(None, ea), P(ea, None, None)),
        out_specs=P((da, ea), None)))


def inputs():
    cfg = GateConfig.parse_obj({"axes": {"data": "Data ", "expert": "EXPERT"}, "n_experts": 4})
    rng = np.random.default_rng(20)
    x = rng.normal(size=(16, 6)).astype(np.float32)
    w_router = rng.normal(size=(6, cfg.n_experts)).astype(np.float32)
    w_exp = (rng.normal(size=(cfg.n_experts, 6, 6)) * 0.3).astype(np.float32)
    return cfg, x, w_router, w_exp


def main(cfg, x, w_router, w_exp):
    da, ea = cfg.axes.as_tuple()
    mesh = jax.make_mesh(cfg.shape, (da, ea))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P((da, ea), None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P(None, ea)))
        we = jax.device_put(w_exp, NamedSharding(mesh, P(ea, None, None)))
        return build(cfg, mesh)(xs, wr, we)


if __name__ == "__main__":
    main(*inputs())
