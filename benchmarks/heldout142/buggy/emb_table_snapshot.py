"""recsys/embedding/table_snapshot.py -- snapshot small row-sharded tables for the edge model.

Each table in the TableRegistry carries its training layout (rows split over the `rows` axis for
the big ones) and its snapshot layout; small tables are shipped whole to the edge model.
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


def _entries(v):
    return tuple(None if e in (None, "none", "") else str(e).strip().lower() for e in v)


class TableSpec(BaseModel):
    name: str
    vocab: int = Field(16, ge=1)
    dim: int = Field(4, ge=1)
    train: tuple = ("rows", None)
    snapshot: tuple = (None, None)
    edge: bool = True

    @validator("train", "snapshot")
    def _spec(cls, v, values):
        return _entries(v)

    def train_spec(self):
        return P(*self.train)

    def snapshot_spec(self):
        return P(*self.snapshot)

    def moved_axes(self):
        return {a for a, b in zip(self.train, self.snapshot) if a and a != b}


class TableRegistry(BaseModel):
    tables: list = Field(default_factory=list)
    mesh_axes: tuple = ("rows", "batch")

    @validator("tables")
    def _tables(cls, v, values):
        return [t if isinstance(t, TableSpec) else TableSpec.parse_obj(t) for t in v]

    def edge_tables(self):
        return [t for t in self.tables if t.edge]


def train_tables(mesh, registry, arrays, max_norm=1.0):
    @jax.jit
    def renorm(tables):
        out = {}
        for k, tab in tables.items():
            norms = jnp.sqrt(jnp.sum(tab * tab, axis=1, keepdims=True))
            out[k] = tab * jnp.minimum(1.0, max_norm / (norms + 1e-6))
        return out

    placed = {t.name: jax.device_put(arrays[t.name], NamedSharding(mesh, t.train_spec()))
              for t in registry.tables}
    return renorm(placed)


def snapshot(registry, tables):
    shipped = {}
    for t in registry.edge_tables():
        shipped[t.name] = top_level_all_gather(tables[t.name], t.snapshot_spec())
    return shipped


def inputs():
    registry = TableRegistry.parse_obj({"tables": [
        {"name": "country", "vocab": 16, "dim": 4, "train": ["ROWS", None]},
        {"name": "device", "vocab": 8, "dim": 4, "train": ["rows", "none"]},
    ]})
    rng = np.random.default_rng(39)
    arrays = {t.name: rng.normal(size=(t.vocab, t.dim)).astype(np.float32)
              for t in registry.tables}
    return registry, arrays


def main(registry, arrays):
    mesh = jax.make_mesh((2, 4), registry.mesh_axes)
    with jax.set_mesh(mesh):
        tables = train_tables(mesh, registry, arrays)
        shipped = snapshot(registry, tables)
        return shipped["country"]


if __name__ == "__main__":
    main(*inputs())
