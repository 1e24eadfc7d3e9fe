"""parallel/pipeline/aux_losses.py -- per-stage auxiliary losses (activation penalties).

Each stage computes an activation-norm penalty over its replicas' microbatches; the AuxConfig
says over which axes the penalties are added into the single number the trainer logs.
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


def _plus_axes(v):
    if isinstance(v, str):
        v = v.replace("+", ",").split(",")
    return tuple(a.strip().lower() for a in v if a.strip())


@define
class AuxTerm:
    name = field(converter=str)
    weight = field(converter=float, default=1.0)
    axes = field(converter=_plus_axes, default="stage+data")


class AuxConfig(BaseModel):
    stage_axis: str = "stage"
    data_axis: str = "data"
    n_stages: int = Field(4, ge=2)
    terms: list = Field(default_factory=lambda: [{"name": "act_l2", "weight": 1e-3}])

    @validator("terms")
    def _terms(cls, v, values):
        return [t if isinstance(t, AuxTerm) else AuxTerm(**t) for t in v]


def stage_forward(w, h):
    return jax.nn.silu(h @ w[0])


def penalties(cfg, h):
    da = cfg.data_axis
    per_stage = jax.lax.pmean(jnp.mean(h * h), da)
    out = {}
    for term in cfg.terms:
        out[term.name] = term.weight * jax.lax.psum(per_stage, term.axes)
    return out


def make_step(cfg, mesh):
    sa, da = cfg.stage_axis, cfg.data_axis
    perm = [(i, i + 1) for i in range(cfg.n_stages - 1)]

    def body(w, x):
        idx = jax.lax.axis_index(sa)
        h = jnp.where(idx == 0, x, 0.0)
        for _ in range(cfg.n_stages - 1):
            h = jax.lax.ppermute(stage_forward(w, h), sa, perm)
        h = stage_forward(w, h)
        aux = penalties(cfg, h)
        main_loss = jax.lax.psum(jnp.where(idx == cfg.n_stages - 1, jnp.mean(h), 0.0), sa)
        return jax.lax.pmean(main_loss, da), aux

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(P(sa, None, None), P(da, None)),
        out_specs=(P(), {t.name: P() for t in cfg.terms})))


def inputs():
    cfg = AuxConfig.parse_obj({"terms": [{"name": "act_l2", "weight": "0.001"},
                                         {"name": "act_l2_strong", "weight": 0.01}]})
    rng = np.random.default_rng(16)
    w = (rng.normal(size=(cfg.n_stages, 4, 4)) * 0.5).astype(np.float32)
    x = rng.normal(size=(8, 4)).astype(np.float32)
    return cfg, w, x


def main(cfg, w, x):
    mesh = jax.make_mesh((cfg.n_stages, 2), (cfg.stage_axis, cfg.data_axis))
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(cfg.stage_axis, None, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.data_axis, None)))
        loss, aux = make_step(cfg, mesh)(ws, xs)
        return loss + sum(aux.values())


if __name__ == "__main__":
    main(*inputs())
