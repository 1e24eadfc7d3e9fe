"""models/transformer/attention_maps.py -- tensor-parallel attention: export attention maps.

Heads are split over the tensor axis. The AttnPlan first merges each device's heads along the
head axis, then the export step collects the maps of the whole mesh for the dashboard.
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


class AttnPlan(BaseModel):
    mesh_axes: tuple = ("batch", "tensor")
    mesh_shape: tuple = (2, 4)
    head_axis: str = "tensor"
    export_axes: tuple = None
    n_heads: int = Field(4, ge=1)
    d_head: int = Field(4, ge=1)

    @validator("mesh_axes", "export_axes")
    def _axes(cls, v, values):
        if v is None:
            return v
        return tuple(a.strip().lower() for a in (v.split(",") if isinstance(v, str) else v))

    @root_validator
    def _export(cls, values):
        values["export_axes"] = values["export_axes"] or values["mesh_axes"]
        values["head_axis"] = values["head_axis"].strip().lower()
        return values

    @property
    def batch_axis(self):
        return next(a for a in self.mesh_axes if a != self.head_axis)


def attention_probs(q, k):
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(q.shape[-1])
    return jax.nn.softmax(logits, axis=-1)


def head_merge(plan):
    def merge(p):
        return jax.lax.all_gather(p, plan.head_axis, axis=1, tiled=True, to="reduced")
    return merge


def exporter(plan):
    def export(maps):
        return jax.lax.all_gather(maps, plan.export_axes, axis=0, tiled=True, to="reduced")
    return export


def build(plan, mesh):
    merge, export = head_merge(plan), exporter(plan)
    bspec = P(plan.batch_axis, None, plan.head_axis, None)

    def body(q, k, v):
        probs = attention_probs(q, k)
        ctx = jnp.einsum("bhqk,bkhd->bqhd", probs, v)
        maps = export(merge(probs))
        return ctx, maps

    return jax.jit(jax.shard_map(
        body, mesh=mesh, in_specs=(bspec, bspec, bspec),
        out_specs=(bspec, P(None, None, None, None, reduced=set(plan.export_axes)))))


def inputs():
    plan = AttnPlan.parse_obj({"mesh_axes": "Batch, Tensor", "head_axis": "TENSOR"})
    rng = np.random.default_rng(7)
    shape = (4, 6, plan.n_heads, plan.d_head)
    q, k, v = (rng.normal(size=shape).astype(np.float32) for _ in range(3))
    return plan, q, k, v


def main(plan, q, k, v):
    mesh = jax.make_mesh(plan.mesh_shape, plan.mesh_axes)
    with jax.set_mesh(mesh):
        sh = NamedSharding(mesh, P(plan.batch_axis, None, plan.head_axis, None))
        q, k, v = (jax.device_put(a, sh) for a in (q, k, v))
        ctx, maps = build(plan, mesh)(q, k, v)
        return ctx


if __name__ == "__main__":
    main(*inputs())
