"""Dumps the full hidden activations of a typed MLP block, gathered over every mesh axis, for a probe."""
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

# ---- typed transformer: Megatron MLP block with shapes in the signatures ----
BATCH: Final[str] = "batch"
MODEL: Final[str] = "model"


class TfmConfig(NamedTuple):
    batch: int = 8
    seq: int = 4
    d_model: int = 8
    d_ff: int = 16
    eps: float = 1e-5
    mesh_shape: tuple[int, int] = (4, 2)


CFG: Final = TfmConfig()

Tokens = Annotated[Float[Array, "b s d"], AxisMeta((BATCH, None, None))]
ColW = Annotated[Float[Array, "d f"], AxisMeta((None, MODEL))]
RowW = Annotated[Float[Array, "f d"], AxisMeta((MODEL, None))]


@chex_dataclass
class MLPParams:
    w_in: ColW
    w_out: RowW


def param_specs() -> MLPParams:
    hints = typing.get_type_hints(MLPParams, include_extras=True)
    return MLPParams(**{f.name: axis_spec(hints[f.name]) for f in dataclasses.fields(MLPParams)})


@typechecked
def column_parallel(x: Float[Array, "b s d"], w_in: Float[Array, "d f"]) -> Float[Array, "b s f"]:
    return jax.nn.gelu(jnp.einsum("bsd,df->bsf", x, w_in))


@typechecked
def row_parallel(h: Float[Array, "b s f"], w_out: Float[Array, "f d"]) -> Float[Array, "b s d"]:
    return jax.lax.psum(jnp.einsum("bsf,fd->bsd", h, w_out), MODEL)


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(CFG.mesh_shape, (BATCH, MODEL))


def place(mesh, x, params: MLPParams):
    x = jax.device_put(x, NamedSharding(mesh, axis_spec(Tokens)))
    specs = param_specs()
    params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs)
    return x, params


def inputs():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((CFG.batch, CFG.seq, CFG.d_model)).astype(np.float32)
    w_in = (0.1 * rng.standard_normal((CFG.d_model, CFG.d_ff))).astype(np.float32)
    w_out = (0.1 * rng.standard_normal((CFG.d_ff, CFG.d_model))).astype(np.float32)
    return x, w_in, w_out


@typechecked
def full_hidden(h: Float[Array, "b s f"]) -> Float[Array, "b s f2"]:
    # the hidden layer is column-split over MODEL: reassemble the features
    return jax.lax.all_gather(h, MODEL, axis=2, tiled=True, to="reduced")


def make_probe(mesh_axes: tuple[str, ...]):
    def probe(x: Float[Array, "b s d"], p: MLPParams):
        h = column_parallel(x, p.w_in)
        hf = full_hidden(h)
        assert_rank(hf, 3)
        return jax.lax.all_gather(hf, mesh_axes, axis=0, tiled=True, to="reduced")
    return probe


def main(x, w_in, w_out):
    mesh = make_mesh()
    x, params = place(mesh, x, MLPParams(w_in=w_in, w_out=w_out))
    probe = make_probe(tuple(mesh.axis_names))
    dump = jax.shard_map(probe, mesh=mesh, in_specs=(axis_spec(Tokens), param_specs()),
                         out_specs=P(None, None, None, reduced={BATCH, MODEL}))
    return dump(x, params)


if __name__ == "__main__":
    main(*inputs())
