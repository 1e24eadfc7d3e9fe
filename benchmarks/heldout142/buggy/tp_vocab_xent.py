"""models/transformer/vocab_parallel_loss.py -- cross-entropy over a vocab split on the tensor axis.

LossConfig.reduce_axes is the set of axes the per-token loss is averaged over; when it is not
given it is filled from the mesh the loss runs on.
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


class LossConfig(BaseModel):
    mesh_axes: tuple = Field(("batch", "tensor"), alias="mesh")
    batch_axis: str = "batch"
    vocab_axis: str = "tensor"
    reduce_axes: tuple = None
    z_loss: float = Field(0.0, ge=0.0, le=1.0)

    @validator("mesh_axes", "reduce_axes")
    def _axes(cls, v, values):
        return None if v is None else tuple(a.strip().lower() for a in v)

    @root_validator
    def _fill(cls, values):
        if values["reduce_axes"] is None:
            values["reduce_axes"] = values["mesh_axes"]
        for key in ("batch_axis", "vocab_axis"):
            if values[key] not in values["mesh_axes"]:
                raise ValidationError(f"{key}={values[key]!r} is not a mesh axis")
        return values


def vocab_parallel_xent(cfg, logits, labels):
    va = cfg.vocab_axis
    n_local = logits.shape[-1]
    start = jax.lax.axis_index(va) * n_local
    m = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(logits, axis=-1, keepdims=True)), va)
    z = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1), va)
    local = labels - start
    ok = (local >= 0) & (local < n_local)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, n_local - 1)[..., None], axis=-1)[..., 0]
    target = jax.lax.psum(jnp.where(ok, picked, 0.0), va)
    return jnp.log(z) + m[..., 0] - target


def build_loss(cfg, mesh):
    ba, va = cfg.batch_axis, cfg.vocab_axis

    def loss_fn(h, w, labels):
        logits = h @ w
        per_tok = vocab_parallel_xent(cfg, logits, labels)
        return jax.lax.pmean(jnp.mean(per_tok), cfg.reduce_axes)

    return jax.jit(jax.shard_map(loss_fn, mesh=mesh,
                                 in_specs=(P(ba, None), P(None, va), P(ba)),
                                 out_specs=P()))


def inputs():
    cfg = LossConfig.parse_obj({"mesh": ["Batch", "Tensor"]})
    rng = np.random.default_rng(10)
    h = rng.normal(size=(8, 6)).astype(np.float32)
    w = (rng.normal(size=(6, 32)) * 0.5).astype(np.float32)
    labels = rng.integers(0, 32, size=8).astype(np.int32)
    return cfg, h, w, labels


def main(cfg, h, w, labels):
    mesh = jax.make_mesh((2, 4), cfg.mesh_axes)
    ba, va = cfg.batch_axis, cfg.vocab_axis
    with jax.set_mesh(mesh):
        hs = jax.device_put(h, NamedSharding(mesh, P(ba, None)))
        ws = jax.device_put(w, NamedSharding(mesh, P(None, va)))
        ls = jax.device_put(labels, NamedSharding(mesh, P(ba)))
        return build_loss(cfg, mesh)(hs, ws, ls)


if __name__ == "__main__":
    main(*inputs())
