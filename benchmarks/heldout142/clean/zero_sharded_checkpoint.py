"""optim/zero/sharded_checkpoint.py -- write ZeRO-sharded optimizer state as per-host files.

Weights and momentum are split over (`fsdp`, `replica`) on their rows for training; the writer
keeps the `fsdp` split (one file per fsdp rank) and gathers the replica part. The two layouts
come from CheckpointLayout.
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


class CheckpointLayout(BaseModel):
    shard_axis: str = Field("fsdp", alias="zero")
    replica_axis: str = Field("replica", alias="ddp")
    mesh_shape: tuple = (4, 2)
    keys: tuple = ("w", "mom")

    @validator("shard_axis", "replica_axis")
    def _norm(cls, v, values):
        return v.strip().lower()

    @property
    def axes(self):
        return (self.shard_axis, self.replica_axis)

    def train_spec(self):
        return P(self.axes, None)

    def file_spec(self):
        return P(self.shard_axis, None, reduced={self.replica_axis})


@define
class Writer:
    layout = field()
    prefix = field(converter=str, default="ckpt")

    def place(self, mesh, state):
        sh = NamedSharding(mesh, self.layout.train_spec())
        return {k: jax.device_put(state[k], sh) for k in self.layout.keys}

    def step(self, state, lr=0.1):
        g = state["w"] * 0.5
        mom = 0.9 * state["mom"] + g
        return {"w": state["w"] - lr * mom, "mom": mom}

    def to_files(self, state):
        spec = self.layout.file_spec()
        return {k: top_level_all_gather(state[k], spec) for k in self.layout.keys}


def inputs():
    layout = CheckpointLayout.parse_obj({"zero": "FSDP", "ddp": "Replica "})
    rng = np.random.default_rng(46)
    state = {"w": rng.normal(size=(16, 4)).astype(np.float32),
             "mom": np.zeros((16, 4), np.float32)}
    return layout, state


def main(layout, state):
    mesh = jax.make_mesh(layout.mesh_shape, layout.axes)
    writer = Writer(layout, "run7")
    with jax.set_mesh(mesh):
        placed = writer.place(mesh, state)
        placed = jax.jit(writer.step)(placed)
        files = writer.to_files(placed)
        return files["w"]


if __name__ == "__main__":
    main(*inputs())
