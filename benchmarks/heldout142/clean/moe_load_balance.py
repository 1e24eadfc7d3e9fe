"""models/moe/load_balance.py -- expert-parallel MoE layer: router load statistics.

Experts are split over the expert axis (each device row owns some experts), tokens over the
data axis. The router counts tokens per local expert, sums them over the data axis and collects
the per-expert load on every device for the balance loss; RouterConfig names those axes.
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


class RouterConfig(BaseModel):
    data_axis: str = Field("data", alias="tokens")
    expert_axis: str = Field("expert", alias="experts")
    balance_axis: str = None
    n_experts: int = Field(8, ge=2)
    top_k: int = Field(1, ge=1, le=2)
    balance_coef: float = Field(0.01, ge=0.0)

    @validator("data_axis", "expert_axis", "balance_axis")
    def _norm(cls, v, values):
        return v.strip().lower() if isinstance(v, str) else v

    @root_validator
    def _defaults(cls, values):
        values["balance_axis"] = values["balance_axis"] or values["data_axis"]
        return values


def route(cfg, x, w_router):
    logits = x @ w_router
    probs = jax.nn.softmax(logits, axis=-1)
    choice = jnp.argmax(probs, axis=-1)
    return probs, choice


def local_counts(cfg, choice, n_local):
    first = jax.lax.axis_index(cfg.expert_axis) * n_local
    onehot = (choice[:, None] == (first + jnp.arange(n_local))[None, :]).astype(jnp.float32)
    return jnp.sum(onehot, axis=0)


def make_router(cfg, mesh):
    da, ea = cfg.data_axis, cfg.expert_axis
    n_local = cfg.n_experts // mesh.shape[ea]

    def body(x, w_router):
        probs, choice = route(cfg, x, w_router)
        counts = jax.lax.psum(local_counts(cfg, choice, n_local), da)
        load = jax.lax.all_gather(counts, cfg.balance_axis, tiled=True, to="reduced")
        mean_prob = jax.lax.pmean(jnp.mean(probs, axis=0), da)
        return load, mean_prob

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(P(da, None), P()),
        out_specs=(P(None, reduced={cfg.balance_axis}), P())))


def inputs():
    cfg = RouterConfig.parse_obj({"tokens": "Data", "experts": "EXPERT", "n_experts": 8,
                                "balance_axis": "Expert"})
    rng = np.random.default_rng(18)
    x = rng.normal(size=(32, 6)).astype(np.float32)
    w_router = rng.normal(size=(6, cfg.n_experts)).astype(np.float32)
    return cfg, x, w_router


def main(cfg, x, w_router):
    mesh = jax.make_mesh((4, 2), (cfg.data_axis, cfg.expert_axis))
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.data_axis, None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P()))
        load, mean_prob = make_router(cfg, mesh)(xs, wr)
        return load


if __name__ == "__main__":
    main(*inputs())
