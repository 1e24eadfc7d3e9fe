"""trainer/loops/grad_accumulation.py -- data-parallel MLP with gradient accumulation.

Each step accumulates AccumConfig.micro_steps microbatch gradients locally, averages them over
the batch axis, and reports every replica's local loss collected along the batch axis.
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


class AccumConfig(BaseModel):
    batch_axis: str = Field("data", alias="dp")
    model_axis: str = Field("model", alias="mp")
    micro_steps: int = Field(2, ge=1, le=16)
    lr: float = Field(0.05, ge=0.0, le=1.0)
    report: typing.Literal["none", "per_replica"] = "per_replica"

    @validator("batch_axis", "model_axis")
    def _norm(cls, v, values):
        return v.strip().lower()


def forward(p, x):
    return jnp.tanh(x @ p["w1"]) @ p["w2"]


def make_step(cfg, mesh):
    b = cfg.batch_axis

    def step(params, xs, ys):
        local = jax.tree.map(lambda t: jax.lax.pcast(t, b, to="varying"), params)
        grads = jax.tree.map(jnp.zeros_like, local)
        total = jnp.zeros(())
        for i in range(cfg.micro_steps):
            def loss(p):
                return jnp.mean((forward(p, xs[i]) - ys[i]) ** 2)
            l, g = jax.value_and_grad(loss)(local)
            grads = jax.tree.map(jnp.add, grads, g)
            total = total + l
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, b) / cfg.micro_steps, grads)
        mine = jnp.reshape(total / cfg.micro_steps, (1,))
        seen = jax.lax.all_gather(mine, b, tiled=True, to="reduced")
        return jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads), seen

    return jax.jit(jax.shard_map(
        step, mesh=mesh,
        in_specs=(P(), P(None, b, None), P(None, b, None)),
        out_specs=(P(), P(None, reduced={b}))))


def inputs():
    cfg = AccumConfig.parse_obj({"dp": "Data", "mp": "MODEL", "micro_steps": 2})
    rng = np.random.default_rng(42)
    params = {"w1": (rng.normal(size=(5, 8)) * 0.3).astype(np.float32),
              "w2": (rng.normal(size=(8, 1)) * 0.3).astype(np.float32)}
    xs = rng.normal(size=(cfg.micro_steps, 16, 5)).astype(np.float32)
    ys = rng.normal(size=(cfg.micro_steps, 16, 1)).astype(np.float32)
    return cfg, params, xs, ys


def main(cfg, params, xs, ys):
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.model_axis))
    b = cfg.batch_axis
    with jax.set_mesh(mesh):
        params = jax.device_put(params, NamedSharding(mesh, P()))
        xd = jax.device_put(xs, NamedSharding(mesh, P(None, b, None)))
        yd = jax.device_put(ys, NamedSharding(mesh, P(None, b, None)))
        step = make_step(cfg, mesh)
        for _ in range(2):
            params, seen = step(params, xd, yd)
        return params["w2"]


if __name__ == "__main__":
    main(*inputs())
