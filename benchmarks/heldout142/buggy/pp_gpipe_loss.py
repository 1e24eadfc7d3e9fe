"""parallel/pipeline/gpipe_loss.py -- GPipe-style forward over 4 stages with microbatch losses.

Each device on the stage axis holds one layer; activations move forward with ppermute. The loss
is produced by the last stage and made known to every stage with a psum; per-replica losses are
then logged along the log axis of the PipelineConfig (short names are accepted there).
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


AXIS_ALIASES = {"pp": "stage", "pipeline": "stage", "data_parallel": "data", "replica": "data"}


def canonical_axis(name):
    name = name.strip().lower()
    if name in ("stage", "data"):
        return name
    return AXIS_ALIASES.get(name, "stage")


class PipelineConfig(BaseModel):
    n_stages: int = Field(4, ge=2, le=8)
    n_replicas: int = Field(2, ge=1)
    stage_axis: str = "pp"
    data_axis: str = "replica"
    log_axis: str = "data"
    n_micro: int = Field(4, ge=1)

    @validator("stage_axis", "data_axis", "log_axis")
    def _canon(cls, v, values):
        return canonical_axis(v)


def stage_layer(w, h):
    return jnp.tanh(h @ w[0])


def make_pipeline(cfg, mesh):
    sa, da = cfg.stage_axis, cfg.data_axis
    fwd_perm = [(i, i + 1) for i in range(cfg.n_stages - 1)]

    def run(w, xs, ys):
        idx = jax.lax.axis_index(sa)
        h = jnp.where(idx == 0, xs, 0.0)
        for _ in range(cfg.n_stages - 1):
            h = stage_layer(w, h)
            h = jax.lax.ppermute(h, sa, fwd_perm)
        out = stage_layer(w, h)
        sq = jnp.where(idx == cfg.n_stages - 1, jnp.mean((out - ys) ** 2, axis=(1, 2)), 0.0)
        micro_loss = jax.lax.psum(sq, sa)
        logged = jax.lax.all_gather(micro_loss, cfg.log_axis, tiled=True, to="reduced")
        return jax.lax.pmean(jnp.mean(micro_loss), da), logged

    return jax.jit(jax.shard_map(
        run, mesh=mesh,
        in_specs=(P(sa, None, None), P(None, da, None), P(None, da, None)),
        out_specs=(P(), P(None, reduced={cfg.log_axis}))))


def inputs():
    cfg = PipelineConfig.parse_obj({"stage_axis": "PP", "data_axis": "Replica", "log_axis": "dp"})
    rng = np.random.default_rng(12)
    w = (rng.normal(size=(cfg.n_stages, 6, 6)) * 0.4).astype(np.float32)
    xs = rng.normal(size=(cfg.n_micro, 4, 6)).astype(np.float32)
    ys = rng.normal(size=(cfg.n_micro, 4, 6)).astype(np.float32)
    return cfg, w, xs, ys


def main(cfg, w, xs, ys):
    mesh = jax.make_mesh((cfg.n_stages, cfg.n_replicas), (cfg.stage_axis, cfg.data_axis))
    sa, da = cfg.stage_axis, cfg.data_axis
    with jax.set_mesh(mesh):
        ws = jax.device_put(w, NamedSharding(mesh, P(sa, None, None)))
        xd = jax.device_put(xs, NamedSharding(mesh, P(None, da, None)))
        yd = jax.device_put(ys, NamedSharding(mesh, P(None, da, None)))
        loss, logged = make_pipeline(cfg, mesh)(ws, xd, yd)
        return loss


if __name__ == "__main__":
    main(*inputs())
