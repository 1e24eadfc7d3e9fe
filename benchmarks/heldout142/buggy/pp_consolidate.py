"""parallel/pipeline/consolidate.py -- consolidate per-stage weights into one checkpoint.

Stage weights live split over the stage axis (one layer per device row). The consolidator
gathers them whole, as the ConsolidateConfig's layout table says, before they are written out.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


def _spec(entries):
    return P(*(None if e in (None, "null") else e for e in entries))


class LayoutEntry(BaseModel):
    train: list = Field(default_factory=lambda: ["stage", None, None])
    export_reduced: list = Field(default_factory=lambda: ["stage"])

    @validator("train", "export_reduced")
    def _lower(cls, v, values):
        return [e.strip().lower() if isinstance(e, str) else e for e in v]

    def train_spec(self):
        return _spec(self.train)

    def export_spec(self):
        return P(*(None for _ in self.train), reduced=set(self.export_reduced))


class ConsolidateConfig(BaseModel):
    axes: tuple = ("stage", "data")
    shape: tuple = (4, 2)
    layout: dict = Field(default_factory=dict)
    fmt: typing.Literal["npz", "raw"] = "npz"

    @validator("layout")
    def _entries(cls, v, values):
        return {k: LayoutEntry.parse_obj(e) if isinstance(e, dict) else e for k, e in v.items()}


def train(mesh, cfg, params, x):
    @jax.jit
    def step(params, x):
        def loss(p):
            h = jnp.tanh(jnp.einsum("bi,lij->lbj", x, p["layers"]))
            return jnp.mean(h ** 2)
        g = jax.grad(loss)(params)
        return jax.tree.map(lambda a, b: a - 0.1 * b, params, g)

    return step(params, x)


def consolidate(cfg, placed):
    return {k: top_level_all_gather(v, cfg.layout[k].export_spec()) for k, v in placed.items()}


def to_host(tree):
    return {k: np.asarray(v) for k, v in tree.items()}


def inputs():
    cfg = ConsolidateConfig.parse_obj({
        "axes": ["stage", "data"],
        "layout": {"layers": {"train": ["Stage", "null", None], "export_reduced": ["STAGE"]}}})
    rng = np.random.default_rng(15)
    params = {"layers": (rng.normal(size=(4, 6, 6)) * 0.4).astype(np.float32)}
    x = rng.normal(size=(8, 6)).astype(np.float32)
    return cfg, params, x


def main(cfg, params, x):
    mesh = jax.make_mesh(cfg.shape, cfg.axes)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, cfg.layout[k].train_spec()))
                  for k, v in params.items()}
        xs = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        placed = train(mesh, cfg, placed, xs)
    whole = consolidate(cfg, placed)
    return to_host(whole)["layers"]


if __name__ == "__main__":
    main(*inputs())
