"""Row smoother: assembles whole rows, smooths along them, scatters the result back to column shards."""
# ---------------------------------------------------------------------------
# declkit: the team's vendored declarative-model helpers (fields, metaclass
# registry, managers/querysets, schemas).  Pasted, not installed.
# ---------------------------------------------------------------------------
import abc
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_MISSING = object()


class ValidationError(ValueError):
    pass


class Field:
    """A declared attribute: default, validation, coercion; stored in __dict__."""

    creation_counter = 0

    def __init__(self, default=_MISSING, *, choices=None, required=False, help=""):
        self.default = default
        self.choices = choices
        self.required = required
        self.help = help
        self.name = None
        Field.creation_counter += 1
        self._order = Field.creation_counter

    def __set_name__(self, owner, name):
        self.name = name
        self.attname = "_f_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        try:
            return obj.__dict__[self.attname]
        except KeyError:
            if self.default is _MISSING:
                raise AttributeError(f"{type(obj).__name__}.{self.name} is not set") from None
            return self.default() if callable(self.default) else self.default

    def __set__(self, obj, value):
        value = self.to_python(value)
        self.validate(value)
        old = obj.__dict__.get(self.attname, self.default)
        obj.__dict__[self.attname] = value
        for callback in getattr(type(obj), "_observers", {}).get(self.name, ()):
            callback(obj, {"name": self.name, "old": old, "new": value})

    def to_python(self, value):
        return value

    def validate(self, value):
        if self.choices is not None and value not in self.choices:
            raise ValidationError(f"{self.name}={value!r} not in {self.choices!r}")


class CharField(Field):
    def to_python(self, value):
        return None if value is None else str(value)


class IntegerField(Field):
    def to_python(self, value):
        return int(value)


class FloatField(Field):
    def to_python(self, value):
        return float(value)


class BooleanField(Field):
    def to_python(self, value):
        if isinstance(value, str):
            return value.lower() in ("1", "true", "yes", "on")
        return bool(value)


class AxesField(Field):
    """A tuple of mesh axis names; accepts "a,b", ["a", "b"] or ("a",)."""

    def to_python(self, value):
        if value is None:
            return None
        if isinstance(value, str):
            return tuple(p.strip() for p in value.split(",") if p.strip())
        return tuple(value)


class SpecField(Field):
    """A PartitionSpec written as a list of entries (None, "ax" or a list of axes)."""

    def to_python(self, value):
        if isinstance(value, P):
            return value
        return P(*(tuple(e) if isinstance(e, list) else e for e in value))


class Options:
    """What an inner `class Meta:` declares, with defaults and inheritance."""

    defaults = {"abstract": False, "axis_names": None, "mesh_shape": None,
                "in_specs": None, "out_specs": None, "ordering": (), "label": None}

    def __init__(self, meta, parent=None):
        for key, value in self.defaults.items():
            inherited = getattr(parent, key, value) if parent is not None else value
            setattr(self, key, getattr(meta, key, inherited))
        if meta is None or "abstract" not in vars(meta):
            self.abstract = False
        for key, value in (vars(meta) if meta is not None else {}).items():
            if not key.startswith("__") and key not in self.defaults:
                setattr(self, key, value)


class QuerySet:
    def __init__(self, model, rows):
        self.model = model
        self._rows = list(rows)

    def filter(self, **lookups):
        def keep(row):
            for key, want in lookups.items():
                attr, _, op = key.partition("__")
                have = getattr(row, attr)
                if op == "in":
                    if have not in want:
                        return False
                elif op == "contains":
                    if want not in have:
                        return False
                elif have != want:
                    return False
            return True
        return QuerySet(self.model, [r for r in self._rows if keep(r)])

    def exclude(self, **lookups):
        drop = set(map(id, self.filter(**lookups)._rows))
        return QuerySet(self.model, [r for r in self._rows if id(r) not in drop])

    def order_by(self, *keys):
        rows = list(self._rows)
        for key in reversed(keys):
            rows.sort(key=operator.attrgetter(key.lstrip("-")), reverse=key.startswith("-"))
        return QuerySet(self.model, rows)

    def first(self):
        return self._rows[0] if self._rows else None

    def get(self, **lookups):
        found = self.filter(**lookups)._rows
        if len(found) != 1:
            raise LookupError(f"{self.model.__name__}.get({lookups}) matched {len(found)}")
        return found[0]

    def values_list(self, name, flat=True):
        return [getattr(r, name) for r in self._rows]

    def __iter__(self):
        return iter(self._rows)

    def __len__(self):
        return len(self._rows)


class Manager:
    def __set_name__(self, owner, name):
        self.model = owner

    def __get__(self, obj, objtype=None):
        if obj is not None:
            raise AttributeError("Manager isn't accessible via instances")
        self.model = objtype
        return self

    def _store(self):
        if "_rows" not in self.model.__dict__:
            self.model._rows = []
        return self.model._rows

    def create(self, **kwargs):
        row = self.model(**kwargs)
        self._store().append(row)
        return row

    def all(self):
        rows = self._store()
        return QuerySet(self.model, rows).order_by(*self.model._meta.ordering)

    def filter(self, **lookups):
        return self.all().filter(**lookups)

    def get(self, **lookups):
        return self.all().get(**lookups)


class ModelBase(abc.ABCMeta):
    """Collects Field attributes (with inheritance), builds _meta, registers concrete classes."""

    registry = {}

    def __new__(mcls, name, bases, attrs):
        meta = attrs.pop("Meta", None)
        cls = super().__new__(mcls, name, bases, attrs)
        fields = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(getattr(base, "_fields", {}))
        own = sorted((v for v in attrs.values() if isinstance(v, Field)), key=lambda f: f._order)
        fields.update((f.name, f) for f in own)
        cls._fields = fields
        observers = {}
        for klass in reversed(cls.__mro__):
            for attr in vars(klass).values():
                for traitname in getattr(attr, "_observes", ()):
                    observers.setdefault(traitname, []).append(attr)
        cls._observers = observers
        parent = next((b._meta for b in bases if hasattr(b, "_meta")), None)
        cls._meta = Options(meta, parent)
        if not cls._meta.abstract:
            label = cls._meta.label or name.lower()
            mcls.registry[label] = cls
        if "objects" not in attrs and not cls._meta.abstract:
            mgr = Manager()
            mgr.__set_name__(cls, "objects")
            cls.objects = mgr
        return cls


class Model(metaclass=ModelBase):
    class Meta:
        abstract = True

    def __init__(self, **kwargs):
        for name, field in self._fields.items():
            if name in kwargs:
                setattr(self, name, kwargs.pop(name))
            elif field.required:
                raise ValidationError(f"{type(self).__name__}: {name} is required")
        if kwargs:
            raise TypeError(f"{type(self).__name__} got unexpected fields {sorted(kwargs)}")

    def __repr__(self):
        body = ", ".join(f"{n}={getattr(self, n, None)!r}" for n in self._fields)
        return f"{type(self).__name__}({body})"

    @classmethod
    def lookup(cls, label):
        return ModelBase.registry[label]

    @property
    def mesh(self):
        m = self.__dict__.get("_mesh")
        if m is None:
            m = jax.make_mesh(tuple(self._meta.mesh_shape), tuple(self._meta.axis_names))
            self.__dict__["_mesh"] = m
        return m

    @mesh.setter
    def mesh(self, value):
        self.__dict__["_mesh"] = value


def observe(*names):
    """traitlets-style: call the method when one of the named fields is set."""
    def deco(fn):
        fn._observes = names
        return fn
    return deco


class Configurable(Model):
    """traitlets-style: fields are filled from config[ClassName] (then keyword arguments)."""

    class Meta:
        abstract = True

    def __init__(self, config=None, **kwargs):
        section = {}
        for klass in reversed(type(self).__mro__):
            section.update((config or {}).get(klass.__name__, {}))
        section.update(kwargs)
        super().__init__(**section)


class Schema:
    """marshmallow-like: declared Fields, load() validates a dict, dump() writes one."""

    class Meta:
        unknown = "raise"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._declared = {k: v for base in reversed(cls.__mro__) for k, v in vars(base).items()
                         if isinstance(v, Field)}

    def load(self, data):
        unknown = set(data) - set(self._declared)
        if unknown and getattr(self.Meta, "unknown", "raise") == "raise":
            raise ValidationError(f"unknown keys {sorted(unknown)}")
        out = {}
        for name, field in self._declared.items():
            if name in data:
                value = field.to_python(data[name])
                field.validate(value)
                out[name] = value
            elif field.default is not _MISSING:
                out[name] = field.default() if callable(field.default) else field.default
            elif field.required:
                raise ValidationError(f"missing {name}")
        return self.post_load(out)

    def post_load(self, data):
        return data

    def dump(self, obj):
        get = obj.get if isinstance(obj, dict) else functools.partial(getattr, obj)
        return {name: get(name) for name in self._declared}


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


class Layout:
    """`Layout["batch", None]` is the PartitionSpec P("batch", None); `Layout.of(mesh, ...)` a sharding."""

    __slots__ = ()

    def __class_getitem__(cls, entries):
        if not isinstance(entries, tuple):
            entries = (entries,)
        return P(*entries)

    @staticmethod
    def of(mesh, *entries, **kw):
        return NamedSharding(mesh, P(*entries, **kw))


# ---------------------------------------------------------------------------
# pde: a 2-D heat-equation solver built from declared grid and operator parts
# ---------------------------------------------------------------------------


class Grid(Model):
    class Meta:
        axis_names = ("x", "y")
        mesh_shape = (4, 2)

    nx = IntegerField(16)
    ny = IntegerField(8)
    alpha = FloatField(0.1)
    dt = FloatField(0.1)
    row_axis = CharField("x")
    col_axis = CharField("y")

    @property
    def spec(self):
        return P(self.row_axis, self.col_axis)

    @property
    def axes(self):
        return (self.row_axis, self.col_axis)


class Operator(Model):
    """Operators are declared per kind; `Operator["laplacian"]` is the registered class."""

    class Meta:
        abstract = True

    def __class_getitem__(cls, kind):
        return Model.lookup(kind)

    @abc.abstractmethod
    def apply(self, grid, u):
        ...


class Stencil:
    __slots__ = ("center", "side")

    def __init__(self, center=-4.0, side=1.0):
        self.center, self.side = center, side


def shift(u, axis_name, size, direction):
    perm = [(i, (i + direction) % size) for i in range(size)]
    return jax.lax.ppermute(u, axis_name, perm)


class Laplacian(Operator):
    class Meta:
        label = "laplacian"

    def apply(self, grid, u):
        st = Stencil()
        nxs, nys = grid.mesh.shape[grid.row_axis], grid.mesh.shape[grid.col_axis]
        up = jnp.concatenate([shift(u[-1:], grid.row_axis, nxs, 1), u[:-1]], axis=0)
        down = jnp.concatenate([u[1:], shift(u[:1], grid.row_axis, nxs, -1)], axis=0)
        left = jnp.concatenate([shift(u[:, -1:], grid.col_axis, nys, 1), u[:, :-1]], axis=1)
        right = jnp.concatenate([u[:, 1:], shift(u[:, :1], grid.col_axis, nys, -1)], axis=1)
        return st.side * (up + down + left + right) + st.center * u


def inputs():
    xs = np.linspace(0, 1, 16, dtype=np.float32)[:, None]
    ys = np.linspace(0, 1, 8, dtype=np.float32)[None, :]
    u0 = np.exp(-20 * ((xs - 0.5) ** 2 + (ys - 0.5) ** 2)).astype(np.float32)
    return {"alpha": 0.2, "dt": 0.05}, u0


class RowSmoother(Operator):
    class Meta:
        label = "row_smoother"

    passes = IntegerField(1)

    def apply(self, grid, u):
        rows = jax.lax.all_gather(u, grid.col_axis, axis=1, tiled=True, to="reduced")
        for _ in range(self.passes):
            rows = jnp.roll(rows, 1, axis=1) + jnp.roll(rows, -1, axis=1)
        nys = grid.mesh.shape[grid.col_axis]
        return jax.lax.psum_scatter(rows, grid.col_axis, scatter_dimension=1, tiled=True) / (2.0 * nys)


def main(params, u0):
    grid = Grid.objects.create(**params)
    smooth = Operator["row_smoother"](passes=1)
    mesh = grid.mesh
    with jax.set_mesh(mesh):
        u = place(mesh, u0, grid.spec)
        f = jax.jit(jax.shard_map(functools.partial(smooth.apply, grid), mesh=mesh,
                                  in_specs=grid.spec, out_specs=grid.spec))
        u = f(u)
    print("smoothed", float(u.sum()))
    return u


if __name__ == "__main__":
    main(*inputs())
