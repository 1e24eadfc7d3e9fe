"""Graph-level energies from a typed GCN, with a generic metrics logger that gathers them for the host."""
import dataclasses
import enum
import functools
import inspect
import typing
from typing import Annotated, ClassVar, Final, Generic, NamedTuple, Optional, Protocol, TypeVar, overload

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- typekit: the team's pasted jaxtyping / chex stand-ins (no third-party deps on the cluster) ----
Array = jax.Array
PRNGKey = jax.Array


class _ArrayAnnotation:
    dims: ClassVar[tuple[str, ...]] = ()
    kinds: ClassVar[str] = ""


class _DtypeFamily:
    kinds: ClassVar[str] = ""

    def __class_getitem__(cls, item):
        array_type, dims = item
        return type(f"{cls.__name__}[{dims!r}]", (_ArrayAnnotation,),
                    {"dims": tuple(dims.split()), "kinds": cls.kinds, "array_type": array_type})


class Float(_DtypeFamily):
    kinds = "f"


class Int(_DtypeFamily):
    kinds = "iu"


class Shaped(_DtypeFamily):
    kinds = ""


@dataclasses.dataclass(frozen=True)
class AxisMeta:
    """Annotated metadata: the mesh axis (or axes) a dimension is laid out over."""
    names: tuple[Optional[str], ...]

    def spec(self) -> P:
        return P(*self.names)


class TypeCheckError(TypeError):
    pass


def _unwrap(hint):
    if typing.get_origin(hint) is Annotated:
        hint, *meta = typing.get_args(hint)
        return hint, meta
    return hint, []


def _check_array(name, value, ann, memo):
    if not (isinstance(ann, type) and issubclass(ann, _ArrayAnnotation)):
        return
    shape = jnp.shape(value)
    dims = ann.dims
    if dims and dims[0] == "...":
        dims = dims[1:]
        shape = shape[len(shape) - len(dims):]
    if len(shape) != len(dims):
        raise TypeCheckError(f"{name}: expected rank {len(dims)} ({' '.join(ann.dims)}), got shape {jnp.shape(value)}")
    if ann.kinds and jnp.result_type(value).kind not in ann.kinds:
        raise TypeCheckError(f"{name}: dtype {jnp.result_type(value)} is not one of {ann.kinds!r}")
    for d, n in zip(dims, shape):
        if d.isdigit():
            if int(d) != n:
                raise TypeCheckError(f"{name}: dimension {d} is {n}")
        elif d != "_":
            if memo.setdefault(d, n) != n:
                raise TypeCheckError(f"{name}: dimension {d!r} is {n}, bound to {memo[d]} earlier")


def typechecked(fn):
    """Runtime shape/dtype checks from the annotations (stand-in for jaxtyping + beartype)."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        hints = typing.get_type_hints(fn, include_extras=True)
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        memo: dict[str, int] = {}
        for pname, value in bound.arguments.items():
            ann, _ = _unwrap(hints.get(pname))
            _check_array(pname, value, ann, memo)
        out = fn(*args, **kwargs)
        ann, _ = _unwrap(hints.get("return"))
        _check_array("return", out, ann, memo)
        return out

    return wrapper


def axis_spec(hint) -> P:
    """The PartitionSpec an `Annotated[..., AxisMeta(...)]` hint carries."""
    _, meta = _unwrap(hint)
    for m in meta:
        if isinstance(m, AxisMeta):
            return m.spec()
    return P()


# chex-like assertions and pytree dataclasses
def assert_shape(x, shape):
    if tuple(jnp.shape(x)) != tuple(shape):
        raise AssertionError(f"shape {jnp.shape(x)} != {tuple(shape)}")


def assert_rank(x, rank):
    if jnp.ndim(x) != rank:
        raise AssertionError(f"rank {jnp.ndim(x)} != {rank}")


def assert_equal_shape(xs):
    shapes = {tuple(jnp.shape(x)) for x in xs}
    if len(shapes) > 1:
        raise AssertionError(f"shapes differ: {shapes}")


def assert_tree_all_finite(tree):
    for leaf in jax.tree.leaves(tree):
        if not isinstance(leaf, jax.core.Tracer) and not bool(jnp.all(jnp.isfinite(leaf))):
            raise AssertionError("non-finite leaf")


def chex_dataclass(cls=None, *, frozen=True):
    """@chex.dataclass stand-in: a frozen dataclass registered as a pytree (static fields kept aside)."""
    def wrap(cls):
        cls = dataclasses.dataclass(frozen=frozen)(cls)
        data = [f.name for f in dataclasses.fields(cls) if not f.metadata.get("static")]
        meta = [f.name for f in dataclasses.fields(cls) if f.metadata.get("static")]
        return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)
    return wrap if cls is None else wrap(cls)


def static_field(**kw):
    return dataclasses.field(metadata={"static": True}, **kw)
# ---- end typekit ----

# ---- typed GNN: graph-batched message passing, features split over the mesh ----
class Axis(str, enum.Enum):
    GRAPHS = "graphs"
    FEAT = "feat"


MESH_SHAPE: Final[dict[Axis, int]] = {Axis.GRAPHS: 4, Axis.FEAT: 2}

T = TypeVar("T")


class MessageFn(Protocol):
    def __call__(self, adj: Float[Array, "g n n"], h: Float[Array, "g n d"]) -> Float[Array, "g n d"]: ...


class Registry(Generic[T]):
    def __init__(self) -> None:
        self._items: dict[str, T] = {}

    def register(self, name: str):
        def deco(obj: T) -> T:
            self._items[name] = obj
            return obj
        return deco

    def __getitem__(self, name: str) -> T:
        return self._items[name]


AGGREGATORS: Registry[MessageFn] = Registry()


@AGGREGATORS.register("sum")
def sum_messages(adj: Float[Array, "g n n"], h: Float[Array, "g n d"]) -> Float[Array, "g n d"]:
    return jnp.einsum("gnm,gmd->gnd", adj, h)


@AGGREGATORS.register("mean")
def mean_messages(adj: Float[Array, "g n n"], h: Float[Array, "g n d"]) -> Float[Array, "g n d"]:
    deg = jnp.maximum(adj.sum(-1, keepdims=True), 1.0)
    return jnp.einsum("gnm,gmd->gnd", adj, h) / deg


class GraphBatch(NamedTuple):
    adj: Annotated[Float[Array, "g n n"], AxisMeta((Axis.GRAPHS.value, None, None))]
    nodes: Annotated[Float[Array, "g n d"], AxisMeta((Axis.GRAPHS.value, None, None))]


@chex_dataclass
class GCNParams:
    w_msg: Annotated[Float[Array, "d h"], AxisMeta((None, Axis.FEAT.value))]
    w_read: Annotated[Float[Array, "h o"], AxisMeta((Axis.FEAT.value, None))]
    aggregator: str = static_field(default="mean")


def specs_of(cls, **static):
    hints = typing.get_type_hints(cls, include_extras=True)
    if hasattr(cls, "_fields"):
        return cls(*(axis_spec(hints[f]) for f in cls._fields))
    return cls(**{f.name: axis_spec(hints[f.name]) for f in dataclasses.fields(cls) if not f.metadata.get("static")}, **static)


@typechecked
def message_pass(batch: GraphBatch, p: GCNParams) -> Float[Array, "g n h"]:
    agg = AGGREGATORS[p.aggregator](batch.adj, batch.nodes)
    return jax.nn.silu(jnp.einsum("gnd,dh->gnh", agg, p.w_msg))


@typechecked
def readout(h: Float[Array, "g n h"], w_read: Float[Array, "h o"]) -> Float[Array, "g"]:
    # row-parallel readout: partial sums over the feature shards
    return jax.lax.psum(jnp.einsum("gnh,ho->g", h, w_read), Axis.FEAT.value)


def build_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(a.value for a in MESH_SHAPE))


def put(mesh, batch: GraphBatch, params: GCNParams):
    bspec, pspec = specs_of(GraphBatch), specs_of(GCNParams, aggregator=params.aggregator)
    batch = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), batch, bspec)
    params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, pspec)
    return batch, params, bspec, pspec


def inputs():
    rng = np.random.default_rng(1)
    g, n, d, h = 8, 5, 6, 8
    adj = (rng.random((g, n, n)) < 0.4).astype(np.float32)
    adj = np.maximum(adj, adj.transpose(0, 2, 1))
    nodes = rng.standard_normal((g, n, d)).astype(np.float32)
    return adj, nodes, (0.2 * rng.standard_normal((d, h))).astype(np.float32), (0.2 * rng.standard_normal((h, 1))).astype(np.float32)


class GatherLogger(Generic[T]):
    """Collects per-shard values into one (reduced) host-side array."""

    def __init__(self, axis: Axis, dim: int = 0) -> None:
        self.axis = axis
        self.dim = dim

    def __call__(self, value: T) -> T:
        return jax.lax.all_gather(value, self.axis.value, axis=self.dim, tiled=True, to="reduced")


LOG_AXIS: Final[Axis] = Axis.FEAT


def energies(batch: GraphBatch, p: GCNParams):
    h = message_pass(batch, p)
    e = readout(h, p.w_read)
    log = GatherLogger[jax.Array](LOG_AXIS)
    return e, log(e)


def main(adj, nodes, w_msg, w_read):
    mesh = build_mesh()
    batch, params, bspec, pspec = put(mesh, GraphBatch(adj, nodes), GCNParams(w_msg=w_msg, w_read=w_read))
    log_out = P(None, reduced={LOG_AXIS.value}) if LOG_AXIS is Axis.GRAPHS else P(Axis.GRAPHS.value, reduced={LOG_AXIS.value})
    f = jax.shard_map(energies, mesh=mesh, in_specs=(bspec, pspec), out_specs=(P(Axis.GRAPHS.value), log_out))
    return f(batch, params)


if __name__ == "__main__":
    main(*inputs())
