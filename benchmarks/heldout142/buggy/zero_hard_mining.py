"""optim/zero/hard_example_mining.py -- ZeRO-3 training step with hard-example reweighting.

Weights are gathered over `fsdp` for the forward pass. Per-example losses are collected within
each fsdp group to pick the hardest examples; the logger then collects them over every batch axis
listed by MiningConfig.
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
class Axes:
    shard = field(converter=lambda s: s.strip().lower(), default="fsdp")
    replica = field(converter=lambda s: s.strip().lower(), default="replica")

    @property
    def batch(self):
        return (self.shard, self.replica)


class MiningConfig(BaseModel):
    axes: dict = Field(default_factory=dict)
    top_fraction: float = Field(0.25, ge=0.0, le=1.0)
    group_axis: str = None
    log_axes: tuple = None

    @validator("axes")
    def _axes(cls, v, values):
        return v if isinstance(v, Axes) else Axes(**v)

    @root_validator
    def _fill(cls, values):
        ax = values["axes"]
        values["group_axis"] = values["group_axis"] or ax.shard
        values["log_axes"] = tuple(values["log_axes"] or ax.batch)
        return values


def per_example_loss(w, x, y):
    return jnp.sum((x @ w - y) ** 2, axis=-1)


def make_step(cfg, mesh):
    ax = cfg.axes
    sa = ax.shard

    def step(w_shard, x, y):
        w = jax.lax.all_gather(w_shard, sa, axis=0, tiled=True)
        losses = per_example_loss(w, x, y)
        group = jax.lax.all_gather(losses, cfg.group_axis, tiled=True, to="reduced")
        logged = jax.lax.all_gather(group, cfg.log_axes, tiled=True, to="reduced")
        k = max(1, int(cfg.top_fraction * losses.shape[0]))
        thresh = jax.lax.stop_gradient(jnp.sort(losses)[-k])
        weights = jnp.where(losses >= thresh, 2.0, 1.0)

        def loss(w):
            return jnp.sum(weights * per_example_loss(w, x, y))

        g = jax.lax.psum(jax.grad(loss)(w), ax.replica)
        g_shard = jax.lax.psum_scatter(g, sa, scatter_dimension=0, tiled=True)
        return w_shard - 0.01 * g_shard, logged

    return jax.jit(jax.shard_map(
        step, mesh=mesh,
        in_specs=(P(sa, None), P(ax.batch, None), P(ax.batch, None)),
        out_specs=(P(sa, None), P(None, reduced=set(cfg.log_axes)))))


def inputs():
    cfg = MiningConfig.parse_obj({"axes": {"shard": "FSDP", "replica": "replica "},
                                  "top_fraction": 0.5})
    rng = np.random.default_rng(31)
    w = (rng.normal(size=(8, 2)) * 0.2).astype(np.float32)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = rng.normal(size=(32, 2)).astype(np.float32)
    return cfg, w, x, y


def main(cfg, w, x, y):
    ax = cfg.axes
    mesh = jax.make_mesh((4, 2), ax.batch)
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(ax.shard, None)))
        xs = jax.device_put(x, NamedSharding(mesh, P(ax.batch, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(ax.batch, None)))
        ws, logged = make_step(cfg, mesh)(ws, xs, ys)
        return ws


if __name__ == "__main__":
    main(*inputs())
