"""models/long_context/sequence_metrics.py -- per-sequence LM metrics under context parallelism.

Token losses are split over batch (`data`) and sequence (`seq`). Each sequence's totals are
summed over the seq axis; MetricsConfig.average_over says over which axes the per-sequence
metrics are averaged for the logger.
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


class MetricsConfig(BaseModel):
    mesh_axes: tuple = ("data", "seq")
    seq_axis: str = "seq"
    average_over: tuple = None
    vocab: int = Field(16, ge=2)
    ignore_id: int = Field(-1)

    @validator("mesh_axes")
    def _mesh(cls, v, values):
        return tuple(a.strip().lower() for a in v)

    @validator("average_over")
    def _avg(cls, v, values):
        if v is None:
            return values["mesh_axes"]
        return tuple(a.strip().lower() for a in v)


def token_nll(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, labels[..., None], axis=-1)[..., 0]


def sequence_metrics(cfg, logits, labels):
    sa = cfg.seq_axis
    nll = token_nll(logits, labels)
    mask = (labels != cfg.ignore_id).astype(jnp.float32)
    total = jax.lax.psum(jnp.sum(nll * mask, axis=1), sa)
    count = jax.lax.psum(jnp.sum(mask, axis=1), sa)
    per_seq = total / jnp.maximum(count, 1.0)
    return {"nll": jnp.mean(per_seq), "ppl": jnp.mean(jnp.exp(per_seq))}


def build(cfg, mesh):
    da = [a for a in cfg.mesh_axes if a != cfg.seq_axis][0]

    def body(h, w, labels):
        logits = h @ w
        metrics = sequence_metrics(cfg, logits, labels)
        return jax.tree.map(lambda m: jax.lax.pmean(m, cfg.average_over), metrics)

    return jax.jit(jax.shard_map(
        body, mesh=mesh,
        in_specs=(P(da, cfg.seq_axis, None), P(), P(da, cfg.seq_axis)),
        out_specs={"nll": P(), "ppl": P()}))


def inputs():
    cfg = MetricsConfig.parse_obj({"mesh_axes": ["DATA", "Seq"], "vocab": 16, "average_over": ["data"]})
    rng = np.random.default_rng(28)
    h = rng.normal(size=(4, 16, 6)).astype(np.float32)
    w = (rng.normal(size=(6, cfg.vocab)) * 0.5).astype(np.float32)
    labels = rng.integers(0, cfg.vocab, size=(4, 16)).astype(np.int32)
    labels[:, -2:] = cfg.ignore_id
    return cfg, h, w, labels


def main(cfg, h, w, labels):
    mesh = jax.make_mesh((2, 4), cfg.mesh_axes)
    with jax.set_mesh(mesh):
        hs = jax.device_put(h, NamedSharding(mesh, P("data", "seq", None)))
        ws = jax.device_put(w, NamedSharding(mesh, P()))
        ls = jax.device_put(labels, NamedSharding(mesh, P("data", "seq")))
        return build(cfg, mesh)(hs, ws, ls)


if __name__ == "__main__":
    main(*inputs())
