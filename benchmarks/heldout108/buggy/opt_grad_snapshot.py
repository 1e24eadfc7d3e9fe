"""One Adam step of a typed linear model; the all-reduced gradients are snapshotted per data replica for a divergence check."""
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

# ---- typed optimizer: optax-like gradient transformations over a tensor-parallel linear model ----
DATA: Final[str] = "data"
MODEL: Final[str] = "model"
MESH: Final[tuple[tuple[int, int], tuple[str, str]]] = ((2, 4), (DATA, MODEL))

Params = TypeVar("Params")
State = TypeVar("State")


class InitFn(Protocol[Params, State]):
    def __call__(self, params: Params) -> State: ...


class UpdateFn(Protocol[Params, State]):
    def __call__(self, grads: Params, state: State, params: Optional[Params] = None) -> tuple[Params, State]: ...


class GradientTransformation(NamedTuple, Generic[Params, State]):
    init: InitFn
    update: UpdateFn


@chex_dataclass
class LinearParams:
    w: Annotated[Float[Array, "d h"], AxisMeta((None, MODEL))]
    b: Annotated[Float[Array, "h"], AxisMeta((MODEL,))]


@chex_dataclass
class ScaleByAdamState:
    count: Int[Array, ""]
    mu: LinearParams
    nu: LinearParams


Batch = Annotated[Float[Array, "n d"], AxisMeta((DATA, None))]
Targets = Annotated[Float[Array, "n h"], AxisMeta((DATA, MODEL))]


def param_specs() -> LinearParams:
    hints = typing.get_type_hints(LinearParams, include_extras=True)
    return LinearParams(w=axis_spec(hints["w"]), b=axis_spec(hints["b"]))


@typechecked
def predict(p: LinearParams, x: Float[Array, "n d"]) -> Float[Array, "n h"]:
    return x @ p.w + p.b


def local_grads(p: LinearParams, x, t) -> LinearParams:
    """Gradients of this shard's examples (still to be summed over DATA)."""
    per_replica = jax.tree.map(lambda v: jax.lax.pcast(v, DATA, to="varying"), p)
    return jax.grad(lambda p: jnp.sum((predict(p, x) - t) ** 2) / (2.0 * x.shape[0] * MESH[0][0]))(per_replica)


def adam(lr: float = 1e-2, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> GradientTransformation:
    def init(params: LinearParams) -> ScaleByAdamState:
        zeros = jax.tree.map(jnp.zeros_like, params)
        return ScaleByAdamState(count=jnp.zeros([], jnp.int32), mu=zeros, nu=zeros)

    def update(grads, state: ScaleByAdamState, params=None):
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, grads)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, grads)
        count = state.count + 1
        upd = jax.tree.map(lambda m, v: -lr * (m / (1 - b1 ** count)) / (jnp.sqrt(v / (1 - b2 ** count)) + eps), mu, nu)
        return upd, ScaleByAdamState(count=count, mu=mu, nu=nu)

    return GradientTransformation(init, update)


def apply_updates(params: LinearParams, updates: LinearParams) -> LinearParams:
    return jax.tree.map(lambda p, u: p + u, params, updates)


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(*MESH)


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs)


def inputs():
    rng = np.random.default_rng(3)
    n, d, h = 8, 4, 8
    x = rng.standard_normal((n, d)).astype(np.float32)
    t = rng.standard_normal((n, h)).astype(np.float32)
    params = LinearParams(w=(0.1 * rng.standard_normal((d, h))).astype(np.float32), b=np.zeros(h, np.float32))
    return x, t, params


snapshot = functools.partial(jax.lax.all_gather, axis_name=DATA, to="reduced")


def train_step(p: LinearParams, x, t):
    g = jax.tree.map(lambda v: jax.lax.psum(v, DATA), local_grads(p, x, t))
    opt = adam()
    upd, _ = opt.update(g, opt.init(p), p)
    snaps = jax.tree.map(lambda v: snapshot(v), g)
    return apply_updates(p, upd), snaps


def main(x, t, params):
    mesh = make_mesh()
    specs = param_specs()
    x = jax.device_put(x, NamedSharding(mesh, axis_spec(Batch)))
    t = jax.device_put(t, NamedSharding(mesh, axis_spec(Targets)))
    params = place(mesh, params, specs)
    snap_specs = LinearParams(w=P(None, None, MODEL, reduced={DATA}), b=P(None, MODEL, reduced={DATA}))
    step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(specs, axis_spec(Batch), axis_spec(Targets)),
                                 out_specs=(specs, snap_specs)))
    return step(params, x, t)


if __name__ == "__main__":
    main(*inputs())
