"""recsys/embedding/two_tower_export.py -- export user-tower embeddings for the ANN index.

The user table is column-split (each device on the `rows` axis holds some embedding dims) and
the users are split over `batch`. The exporter first assembles full vectors, then collects all
users' vectors over the index-build axes from ExportConfig.
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


class Split(str, enum.Enum):
    ROWS = "rows"
    COLUMNS = "columns"


class ExportConfig(BaseModel):
    mesh_axes: tuple = ("rows", "batch")
    split: Split = Split.COLUMNS
    model_axis: str = "rows"
    index_axes: tuple = None
    normalize: bool = False
    dim: int = Field(8, ge=2)

    @validator("mesh_axes", "index_axes")
    def _axes(cls, v, values):
        return None if v is None else tuple(a.strip().lower() for a in v)

    @root_validator
    def _index(cls, values):
        values["index_axes"] = values["index_axes"] or values["mesh_axes"]
        return values

    @property
    def batch_axis(self):
        return [a for a in self.mesh_axes if a != self.model_axis][0]

    def table_spec(self):
        return P(None, self.model_axis) if self.split is Split.COLUMNS else P(self.model_axis, None)


class UserTower:
    def __init__(self, cfg):
        self.cfg = cfg

    def embed(self, table, ids):
        return jnp.take(table, ids, axis=0)

    def assemble(self, cols):
        return jax.lax.all_gather(cols, self.cfg.model_axis, axis=1, tiled=True, to="reduced")

    def export(self, vecs):
        return jax.lax.all_gather(vecs, self.cfg.index_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, table, ids):
        cols = self.embed(table, ids)
        vecs = self.assemble(cols)
        return cols, self.export(vecs)


def build(cfg, mesh):
    tower = UserTower(cfg)
    ba, ma = cfg.batch_axis, cfg.model_axis
    return jax.jit(jax.shard_map(
        tower, mesh=mesh, in_specs=(cfg.table_spec(), P(ba)),
        out_specs=(P(ba, ma), P(None, None, reduced=set(cfg.index_axes)))))


def inputs():
    cfg = ExportConfig.parse_obj({"mesh_axes": ["ROWS", "Batch"], "split": "columns", "dim": 8})
    rng = np.random.default_rng(37)
    table = rng.normal(size=(32, cfg.dim)).astype(np.float32)
    ids = rng.integers(0, 32, size=(16,)).astype(np.int32)
    return cfg, table, ids


def main(cfg, table, ids):
    mesh = jax.make_mesh((2, 4), cfg.mesh_axes)
    with jax.set_mesh(mesh):
        ts = jax.device_put(table, NamedSharding(mesh, cfg.table_spec()))
        ids = jax.device_put(ids, NamedSharding(mesh, P(cfg.batch_axis)))
        cols, index = build(cfg, mesh)(ts, ids)
        return cols


if __name__ == "__main__":
    main(*inputs())
