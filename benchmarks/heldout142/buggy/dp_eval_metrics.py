"""trainer/eval/classifier_eval.py -- data-parallel MLP classifier: evaluation pass.

EvalConfig decides whether the full logits are kept (for calibration plots); metrics are summed
over the metric axis, which defaults to the batch axis.
"""
import enum

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


class Keep(str, enum.Enum):
    NONE = "none"
    LOGITS = "logits"


class EvalConfig(BaseModel):
    batch_axis: str = "data"
    metric_axis: str = None
    keep: Keep = Keep.NONE
    n_classes: int = Field(4, ge=2, le=64)

    @validator("batch_axis", "metric_axis")
    def _strip(cls, v, values):
        return v.strip().lower() if v else v

    @root_validator
    def _metric_default(cls, values):
        values["metric_axis"] = values["metric_axis"] or values["batch_axis"]
        return values


class Evaluator:
    def __init__(self, cfg):
        self.cfg = cfg

    def logits(self, params, x):
        h = jnp.tanh(x @ params["w1"])
        return h @ params["w2"]

    def collect(self, logits):
        if self.cfg.keep is Keep.LOGITS:
            logits = jax.lax.all_gather(logits, self.cfg.batch_axis, tiled=True, to="reduced")
        return logits

    def metrics(self, logits, labels):
        ax = self.cfg.metric_axis
        mass = jax.lax.psum(jnp.sum(jnp.abs(logits)), ax)
        pred = jnp.argmax(logits, axis=-1)
        hits = jnp.sum(pred == labels).astype(jnp.float32)
        count = jnp.asarray(labels.shape[0], jnp.float32)
        return {"hits": jax.lax.psum(hits, ax), "count": jax.lax.psum(count, ax), "mass": mass}

    def __call__(self, params, x, labels):
        scores = self.logits(params, x)
        scores = self.collect(scores)
        return self.metrics(scores, labels), scores


def build_eval(cfg, mesh):
    ev = Evaluator(cfg)
    b = cfg.batch_axis
    kept_spec = P(None, None, reduced={b}) if cfg.keep is Keep.LOGITS else P(b, None)
    return jax.jit(jax.shard_map(
        ev, mesh=mesh,
        in_specs=(P(), P(b, None), P(b)),
        out_specs=({"hits": P(), "count": P(), "mass": P()}, kept_spec),
    ))


def inputs():
    cfg = EvalConfig.parse_obj({"batch_axis": "DATA ", "keep": "logits", "n_classes": 4})
    rng = np.random.default_rng(2)
    x = rng.normal(size=(32, 5)).astype(np.float32)
    labels = rng.integers(0, cfg.n_classes, size=32).astype(np.int32)
    params = {"w1": (rng.normal(size=(5, 12)) * 0.4).astype(np.float32),
              "w2": (rng.normal(size=(12, cfg.n_classes)) * 0.4).astype(np.float32)}
    return cfg, params, x, labels


def main(cfg, params, x, labels):
    mesh = jax.make_mesh((8,), (cfg.batch_axis,))
    with jax.set_mesh(mesh):
        b = cfg.batch_axis
        params = jax.device_put(params, NamedSharding(mesh, P()))
        xs = jax.device_put(x, NamedSharding(mesh, P(b, None)))
        ys = jax.device_put(labels, NamedSharding(mesh, P(b)))
        m, kept = build_eval(cfg, mesh)(params, xs, ys)
        return m["hits"] / m["count"]


if __name__ == "__main__":
    main(*inputs())
