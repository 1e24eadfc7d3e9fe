"""models/moe/capacity.py -- per-expert token counts for capacity planning.

Tokens are split over both mesh axes. Each device counts how many of its tokens pick each expert;
the counts are summed over the token axis and then scattered so that every device ends up with
the totals of the experts it hosts (CapacityConfig.scatter_axes).
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


class CapacityConfig(BaseModel):
    mesh_names: tuple = ("data", "expert")
    mesh_shape: tuple = (4, 2)
    token_axis: str = "data"
    scatter_axes: tuple = None
    n_experts: int = Field(8, ge=2)
    capacity_factor: float = Field(1.25, ge=1.0, le=4.0)

    @validator("mesh_names", "scatter_axes")
    def _names(cls, v, values):
        return None if v is None else tuple(a.strip().lower() for a in v)

    @validator("token_axis")
    def _tok(cls, v, values):
        v = v.strip().lower()
        assert v in values["mesh_names"], v
        return v

    @root_validator
    def _fill(cls, values):
        if not values["scatter_axes"]:
            values["scatter_axes"] = values["mesh_names"]
        return values

    def hosted(self):
        return P(self.scatter_axes)


def expert_choice(x, w_router):
    return jnp.argmax(x @ w_router, axis=-1)


def make_counter(cfg, mesh):
    tok = (cfg.mesh_names[0], cfg.mesh_names[1])

    def count(x, w_router):
        choice = expert_choice(x, w_router)
        hits = (choice[:, None] == jnp.arange(cfg.n_experts)[None, :]).astype(jnp.float32)
        local = jnp.sum(hits, axis=0)
        per_expert = jax.lax.psum(local, cfg.token_axis)
        hosted = jax.lax.psum_scatter(per_expert, cfg.scatter_axes, scatter_dimension=0,
                                      tiled=True)
        capacity = jnp.ceil(hosted * cfg.capacity_factor)
        return hosted, capacity

    return jax.jit(jax.shard_map(
        count, mesh=mesh, in_specs=(P(tok, None), P()),
        out_specs=(cfg.hosted(), cfg.hosted())))


def inputs():
    cfg = CapacityConfig.parse_obj({"mesh_names": ["Data", "Expert"], "token_axis": "DATA"})
    rng = np.random.default_rng(22)
    x = rng.normal(size=(64, 6)).astype(np.float32)
    w_router = rng.normal(size=(6, cfg.n_experts)).astype(np.float32)
    return cfg, x, w_router


def main(cfg, x, w_router):
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_names)
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(tuple(cfg.mesh_names), None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P()))
        hosted, capacity = make_counter(cfg, mesh)(xs, wr)
        return capacity


if __name__ == "__main__":
    main(*inputs())
