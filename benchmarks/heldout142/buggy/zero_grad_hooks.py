"""optim/zero/grad_hooks.py -- data-parallel gradient sync with per-parameter hooks.

The batch is split over (`fsdp`, `replica`). Some parameters register a hook that already
averages their gradient over one axis (e.g. the bias, averaged early to overlap with the
backward pass); then every gradient is averaged over SyncConfig.grad_axes.
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


def _axes(v):
    if isinstance(v, str):
        v = v.split("+")
    return tuple(a.strip().lower() for a in v)


@define
class Hook:
    param = field(converter=str)
    axes = field(converter=_axes)

    def __call__(self, g):
        return jax.lax.pmean(g, self.axes)


class SyncConfig(BaseModel):
    mesh_axes: tuple = ("fsdp", "replica")
    grad_axes: tuple = None
    hooks: list = Field(default_factory=list)
    lr: float = Field(0.05, ge=0.0, le=1.0)

    @validator("mesh_axes", "grad_axes")
    def _norm(cls, v, values):
        return None if v is None else _axes(v)

    @validator("hooks")
    def _hooks(cls, v, values):
        return [h if isinstance(h, Hook) else Hook(**h) for h in v]

    @root_validator
    def _fill(cls, values):
        values["grad_axes"] = values["grad_axes"] or values["mesh_axes"]
        return values


def sync(cfg, grads):
    hooks = {h.param: h for h in cfg.hooks}
    grads = {k: hooks[k](g) if k in hooks else g for k, g in grads.items()}
    return {k: jax.lax.pmean(g, cfg.grad_axes) for k, g in grads.items()}


def make_step(cfg, mesh):
    batch = cfg.mesh_axes

    def step(params, x, y):
        def loss(p):
            return jnp.mean((x @ p["w"] + p["b"] - y) ** 2)

        local = jax.tree.map(lambda p: jax.lax.pcast(p, batch, to="varying"), params)
        grads = sync(cfg, jax.grad(loss)(local))
        return {k: params[k] - cfg.lr * grads[k] for k in params}

    specs = {"w": P(), "b": P()}
    return jax.jit(jax.shard_map(step, mesh=mesh,
                                 in_specs=(specs, P(batch, None), P(batch, None)),
                                 out_specs=specs))


def inputs():
    cfg = SyncConfig.parse_obj({"mesh_axes": "FSDP+replica",
                                "hooks": [{"param": "b", "axes": "Replica"}]})
    rng = np.random.default_rng(34)
    params = {"w": (rng.normal(size=(6, 2)) * 0.3).astype(np.float32),
              "b": np.zeros((2,), np.float32)}
    x = rng.normal(size=(16, 6)).astype(np.float32)
    y = rng.normal(size=(16, 2)).astype(np.float32)
    return cfg, params, x, y


def main(cfg, params, x, y):
    mesh = jax.make_mesh((4, 2), cfg.mesh_axes)
    with jax.set_mesh(mesh):
        params = jax.device_put(params, NamedSharding(mesh, P()))
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.mesh_axes, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(cfg.mesh_axes, None)))
        step = make_step(cfg, mesh)
        for _ in range(2):
            params = step(params, xs, ys)
        return params["w"]


if __name__ == "__main__":
    main(*inputs())
