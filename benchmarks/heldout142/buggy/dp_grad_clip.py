"""trainer/optim/clip.py -- data-parallel + column-parallel MLP: global-norm gradient clipping.

Gradients are averaged over the batch axis, then the global norm is summed over every axis the
ClipConfig lists (it defaults to all mesh axes so the norm is global).
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


class MeshSpec(BaseModel):
    shape: tuple = (4, 2)
    names: tuple = ("data", "model")

    @validator("names")
    def _lower(cls, v, values):
        return tuple(n.strip().lower() for n in v)


class ClipConfig(BaseModel):
    mesh: MeshSpec = Field(default_factory=MeshSpec)
    batch_axis: str = "data"
    model_axis: str = "model"
    norm_axes: tuple = None
    max_norm: float = Field(1.0, ge=0.0)
    lr: float = Field(0.1, ge=0.0, le=1.0)

    @root_validator
    def _defaults(cls, values):
        if values["norm_axes"] is None:
            values["norm_axes"] = values["mesh"].names
        return values


def clipped(grads, cfg):
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    total = jax.lax.psum(sq, cfg.norm_axes)
    scale = jnp.minimum(1.0, cfg.max_norm / (jnp.sqrt(total) + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads)


def make_update(cfg, mesh):
    b, m = cfg.batch_axis, cfg.model_axis

    def update(params, x, y):
        def loss(p):
            h = jax.nn.gelu(x @ p["w1"])
            out = jax.lax.psum(h @ p["w2"], m)
            return jnp.mean((out - y) ** 2)

        g = jax.grad(loss)(params)
        g = jax.tree.map(lambda t: jax.lax.pmean(t, b), g)
        g = clipped(g, cfg)
        return jax.tree.map(lambda p, t: p - cfg.lr * t, params, g)

    pspecs = {"w1": P(None, m), "w2": P(m, None)}
    return jax.jit(jax.shard_map(update, mesh=mesh,
                                 in_specs=(pspecs, P(b, None), P(b, None)),
                                 out_specs=pspecs))


def inputs():
    cfg = ClipConfig.parse_obj({"mesh": {"names": ["DATA", "MODEL"]}, "max_norm": 0.5})
    rng = np.random.default_rng(4)
    params = {"w1": (rng.normal(size=(6, 8)) * 0.3).astype(np.float32),
              "w2": (rng.normal(size=(8, 2)) * 0.3).astype(np.float32)}
    x = rng.normal(size=(16, 6)).astype(np.float32)
    y = rng.normal(size=(16, 2)).astype(np.float32)
    return cfg, params, x, y


def main(cfg, params, x, y):
    mesh = jax.make_mesh(cfg.mesh.shape, cfg.mesh.names)
    b, m = cfg.batch_axis, cfg.model_axis
    with jax.set_mesh(mesh):
        params = {"w1": jax.device_put(params["w1"], NamedSharding(mesh, P(None, m))),
                  "w2": jax.device_put(params["w2"], NamedSharding(mesh, P(m, None)))}
        xs = jax.device_put(x, NamedSharding(mesh, P(b, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(b, None)))
        update = make_update(cfg, mesh)
        for _ in range(2):
            params = update(params, xs, ys)
        return params["w2"]


if __name__ == "__main__":
    main(*inputs())
