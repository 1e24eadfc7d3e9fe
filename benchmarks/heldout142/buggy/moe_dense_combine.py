"""models/moe/dense_combine.py -- soft MoE: every token mixes the outputs of all experts.

Experts are split over the expert axis; after each device ran its experts on its tokens the
expert outputs are collected along the expert axis and mixed with the router weights. For the
evaluation harness the per-expert outputs are then collected over MoEConfig.output_axes.
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


class MeshConfig(BaseModel):
    names: tuple = ("data", "expert")
    shape: tuple = (4, 2)

    @validator("names")
    def _lower(cls, v, values):
        return tuple(n.strip().lower() for n in v)


class MoEConfig(BaseModel):
    mesh: MeshConfig = Field(default_factory=MeshConfig)
    expert_axis: str = "expert"
    output_axes: tuple = None
    n_experts: int = Field(4, ge=2)
    d_model: int = Field(6, ge=1)
    temperature: float = Field(1.0, ge=0.01)

    @root_validator
    def _outputs(cls, values):
        if values["output_axes"] is None:
            values["output_axes"] = values["mesh"].names
        else:
            values["output_axes"] = tuple(a.lower() for a in values["output_axes"])
        return values

    @property
    def token_axis(self):
        return [a for a in self.mesh.names if a != self.expert_axis][0]


def run_experts(w_exp, x):
    return jnp.einsum("td,edf->tef", x, w_exp)


def build(cfg, mesh):
    ea, ta = cfg.expert_axis, cfg.token_axis

    def combine(outs, gates):
        every = jax.lax.all_gather(outs, ea, axis=1, tiled=True, to="reduced")
        return jnp.einsum("tef,te->tf", every, gates), every

    def body(x, w_router, w_exp):
        gates = jax.nn.softmax((x @ w_router) / cfg.temperature, axis=-1)
        mixed, per_expert = combine(run_experts(w_exp, x), gates)
        collected = jax.lax.all_gather(per_expert, cfg.output_axes, axis=0, tiled=True, to="reduced")
        return mixed, collected

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(P(ta, None), P(), P(ea, None, None)),
        out_specs=(P(ta, None), P(None, None, None, reduced=set(cfg.output_axes)))))


def inputs():
    cfg = MoEConfig.parse_obj({"mesh": {"names": ["DATA", "Expert"], "shape": [4, 2]}})
    rng = np.random.default_rng(19)
    x = rng.normal(size=(16, cfg.d_model)).astype(np.float32)
    w_router = rng.normal(size=(cfg.d_model, cfg.n_experts)).astype(np.float32)
    w_exp = (rng.normal(size=(cfg.n_experts, cfg.d_model, cfg.d_model)) * 0.3).astype(np.float32)
    return cfg, x, w_router, w_exp


def main(cfg, x, w_router, w_exp):
    mesh = jax.make_mesh(cfg.mesh.shape, cfg.mesh.names)
    ea, ta = cfg.expert_axis, cfg.token_axis
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(ta, None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P()))
        we = jax.device_put(w_exp, NamedSharding(mesh, P(ea, None, None)))
        mixed, collected = build(cfg, mesh)(xs, wr, we)
        return mixed


if __name__ == "__main__":
    main(*inputs())
