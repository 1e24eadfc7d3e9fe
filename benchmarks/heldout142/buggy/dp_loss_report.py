"""trainer/metrics/loss_report.py -- data-parallel MLP training: per-step loss report.

The report config names the axis the logged losses are collected over; the axis name is
normalised by a validator so YAML like `log_axis: " Data "` works.
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
    shape: tuple = (4, 2)
    axis_names: tuple = ("data", "model")

    @validator("axis_names")
    def _lower(cls, v, values):
        return tuple(str(a).strip().lower() for a in v)

    def build(self):
        return jax.make_mesh(self.shape, self.axis_names)


class ReportConfig(BaseModel):
    batch_axis: str = Field("data", alias="batch")
    log_axis: str = Field(None, alias="log")
    every: int = Field(1, ge=1)

    @validator("batch_axis", "log_axis")
    def _norm(cls, v, values):
        return v.strip().lower() if isinstance(v, str) else v

    @root_validator
    def _fill(cls, values):
        if values["log_axis"] is None:
            values["log_axis"] = values["batch_axis"]
        return values


class TrainConfig(BaseModel):
    mesh: MeshConfig = Field(default_factory=MeshConfig)
    report: ReportConfig = Field(default_factory=ReportConfig)
    lr: float = Field(0.05, ge=0.0, le=1.0)
    hidden: int = Field(16, ge=2)


def init_params(cfg, key, d_in):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, cfg.hidden)) * 0.1,
        "w2": jax.random.normal(k2, (cfg.hidden, 1)) * 0.1,
    }


def forward(params, x):
    h = jnp.tanh(x @ params["w1"])
    return (h @ params["w2"])[:, 0]


def make_step(cfg, mesh):
    rep = cfg.report
    n_data = mesh.shape[rep.batch_axis]

    def step(params, x, y):
        def local_loss(p):
            err = forward(p, x) - y
            return jnp.sum(err * err) / (x.shape[0] * n_data)

        loss, grads = jax.value_and_grad(local_loss)(params)
        grads = jax.tree.map(lambda g: jax.lax.psum(g, rep.batch_axis), grads)
        loss = jax.lax.psum(loss, rep.batch_axis)
        new = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
        per_model = jnp.reshape(loss, (1,))
        history = jax.lax.all_gather(per_model, rep.log_axis, tiled=True, to="reduced")
        return new, history

    return jax.shard_map(
        step, mesh=mesh,
        in_specs=(P(), P(rep.batch_axis), P(rep.batch_axis)),
        out_specs=(P(), P(None, reduced={rep.log_axis})),
    )


def inputs():
    raw = {"mesh": {"axis_names": ["Data", "Model"]}, "report": {"batch": " Data ", "every": 2}}
    cfg = TrainConfig.parse_obj(raw)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 8)).astype(np.float32)
    y = (x[:, :2].sum(axis=1) * 0.5).astype(np.float32)
    return cfg, x, y


def main(cfg, x, y):
    mesh = cfg.mesh.build()
    with jax.set_mesh(mesh):
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.report.batch_axis)))
        ys = jax.device_put(y, NamedSharding(mesh, P(cfg.report.batch_axis)))
        params = init_params(cfg, jax.random.key(0), x.shape[1])
        params = jax.device_put(params, NamedSharding(mesh, P()))
        step = jax.jit(make_step(cfg, mesh))
        for it in range(3):
            params, hist = step(params, xs, ys)
        return params["w1"]


if __name__ == "__main__":
    main(*inputs())
