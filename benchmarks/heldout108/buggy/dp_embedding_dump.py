"""Writes the embedded batches of the input pipeline (whole sequences, whole batch) to the debug dump."""
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

# ---- typed data pipeline: packed token batches, sequence-parallel embedding stage ----
DATA: Final[str] = "data"
SEQ: Final[str] = "seq"

E = TypeVar("E")


class PipelineConfig(NamedTuple):
    batch: int = 8
    seq_len: int = 8
    vocab: int = 32
    d_embed: int = 4
    max_len: int = 6
    pad_id: int = 0
    mesh_shape: tuple[int, int] = (4, 2)


CFG: Final = PipelineConfig()

TokenIds = Annotated[Int[Array, "b s"], AxisMeta((DATA, SEQ))]
Embedded = Annotated[Float[Array, "b s d"], AxisMeta((DATA, SEQ, None))]
Table = Annotated[Float[Array, "v d"], AxisMeta((None, None))]


class Example(NamedTuple):
    tokens: TokenIds
    segment_ids: Optional[TokenIds] = None


class Transform(Protocol[E]):
    def __call__(self, example: E) -> E: ...


class Pipeline(Generic[E]):
    def __init__(self, *stages: Transform[E]) -> None:
        self.stages = stages

    def __call__(self, example: E) -> E:
        for stage in self.stages:
            example = stage(example)
        return example


def mask_of(tokens: Int[Array, "b s"]) -> Int[Array, "b s"]:
    return (tokens != CFG.pad_id).astype(jnp.int32)


@typechecked
def embed(tokens: Int[Array, "b s"], table: Float[Array, "v d"]) -> Float[Array, "b s d"]:
    return jnp.take(table, tokens, axis=0) * mask_of(tokens)[..., None]


@typechecked
def lengths(tokens: Int[Array, "b s"]) -> Int[Array, "b"]:
    return jax.lax.psum(mask_of(tokens).sum(axis=1), SEQ)


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(CFG.mesh_shape, (DATA, SEQ))


def host_batches(n: int = 1):
    rng = np.random.default_rng(5)
    for _ in range(n):
        toks = rng.integers(1, CFG.vocab, (CFG.batch, CFG.seq_len)).astype(np.int32)
        lens = rng.integers(2, CFG.seq_len + 1, CFG.batch)
        toks[np.arange(CFG.seq_len)[None, :] >= lens[:, None]] = CFG.pad_id
        yield Example(tokens=toks)


def inputs():
    table = np.random.default_rng(6).standard_normal((CFG.vocab, CFG.d_embed)).astype(np.float32)
    return next(host_batches()), table


class WholeSequences:
    def __call__(self, x: Float[Array, "b s d"]) -> Float[Array, "b S d"]:
        return jax.lax.all_gather(x, SEQ, axis=1, tiled=True, to="reduced")


class DumpAll:
    def __init__(self, axes: tuple[str, ...]) -> None:
        self.axes = axes

    def __call__(self, x: Float[Array, "b S d"]) -> Float[Array, "B S d"]:
        return jax.lax.all_gather(x, self.axes, axis=0, tiled=True, to="reduced")


def main(example: Example, table):
    mesh = make_mesh()
    tokens = jax.device_put(example.tokens, NamedSharding(mesh, axis_spec(TokenIds)))
    table = jax.device_put(table, NamedSharding(mesh, axis_spec(Table)))
    pipe: Pipeline[Array] = Pipeline(WholeSequences(), DumpAll(tuple(mesh.axis_names)))
    f = jax.shard_map(lambda t, w: pipe(embed(t, w)), mesh=mesh, in_specs=(axis_spec(TokenIds), axis_spec(Table)),
                      out_specs=P(None, None, None, reduced={DATA, SEQ}))
    return f(tokens, table)


if __name__ == "__main__":
    main(*inputs())
