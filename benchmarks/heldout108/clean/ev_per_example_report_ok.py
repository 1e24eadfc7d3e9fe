"""Per-example metrics of a vocab-parallel classifier, assembled by a report class for the eval dashboard."""
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

# ---- typed evaluation suite: vocab-parallel classifier head, metric registry ----
EXAMPLES: Final[str] = "examples"
VOCAB: Final[str] = "vocab"


class Metric(enum.Enum):
    NLL = "nll"
    ACCURACY = "accuracy"
    LOGITS = "logits"


class EvalConfig(NamedTuple):
    n: int = 16
    d: int = 6
    vocab: int = 8
    temperature: float = 1.5
    mesh_shape: tuple[int, int] = (4, 2)


CFG: Final = EvalConfig()

Features = Annotated[Float[Array, "n d"], AxisMeta((EXAMPLES, None))]
Labels = Annotated[Int[Array, "n"], AxisMeta((EXAMPLES,))]
Head = Annotated[Float[Array, "d v"], AxisMeta((None, VOCAB))]
Logits = Annotated[Float[Array, "n v"], AxisMeta((EXAMPLES, VOCAB))]

MetricFn = typing.Callable[..., Array]
METRICS: dict[Metric, MetricFn] = {}


def register(metric: Metric):
    def deco(fn: MetricFn) -> MetricFn:
        METRICS[metric] = typechecked(fn)
        return METRICS[metric]
    return deco


class EvalBatch(NamedTuple):
    features: Features
    labels: Labels


@typechecked
def vocab_logits(x: Float[Array, "n d"], head: Float[Array, "d v"]) -> Float[Array, "n v"]:
    return x @ head


@register(Metric.NLL)
def nll(logits: Float[Array, "n v"], labels: Int[Array, "n"]) -> Float[Array, "n"]:
    v_local = logits.shape[-1]
    start = jax.lax.axis_index(VOCAB) * v_local
    m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=-1)), VOCAB)
    lse = jnp.log(jax.lax.psum(jnp.exp(logits - m[:, None]).sum(-1), VOCAB)) + m
    local = labels - start
    hit = (local >= 0) & (local < v_local)
    picked = jnp.take_along_axis(logits, jnp.clip(local, 0, v_local - 1)[:, None], axis=1)[:, 0]
    return lse - jax.lax.psum(jnp.where(hit, picked, 0.0), VOCAB)


@register(Metric.ACCURACY)
def correct(logits: Float[Array, "n v"], labels: Int[Array, "n"]) -> Float[Array, "n"]:
    v_local = logits.shape[-1]
    best_local = logits.max(axis=-1)
    best = jax.lax.pmax(best_local, VOCAB)
    idx = jnp.argmax(logits, axis=-1) + jax.lax.axis_index(VOCAB) * v_local
    winner = jax.lax.pmin(jnp.where(best_local == best, idx, CFG.vocab), VOCAB)
    return (winner == labels).astype(jnp.float32)


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(CFG.mesh_shape, (EXAMPLES, VOCAB))


def place(mesh, batch: EvalBatch, head):
    batch = EvalBatch(*(jax.device_put(a, NamedSharding(mesh, axis_spec(h))) for a, h in zip(batch, (Features, Labels))))
    return batch, jax.device_put(head, NamedSharding(mesh, axis_spec(Head)))


BATCH_SPECS: Final = EvalBatch(axis_spec(Features), axis_spec(Labels))


def inputs():
    rng = np.random.default_rng(7)
    batch = EvalBatch(rng.standard_normal((CFG.n, CFG.d)).astype(np.float32), rng.integers(0, CFG.vocab, CFG.n).astype(np.int32))
    return batch, rng.standard_normal((CFG.d, CFG.vocab)).astype(np.float32)


class Report:
    # the mesh axis each metric's rows are split over
    ROW_AXIS: ClassVar[dict[Metric, str]] = {Metric.NLL: EXAMPLES, Metric.ACCURACY: EXAMPLES}

    def __init__(self, metrics: tuple[Metric, ...]) -> None:
        self.metrics = metrics

    def __call__(self, batch: EvalBatch, head) -> dict[str, Array]:
        logits = vocab_logits(batch.features, head)
        out = {}
        for m in self.metrics:
            value = METRICS[m](logits, batch.labels)
            out[m.value] = jax.lax.all_gather(value, self.ROW_AXIS[m], tiled=True, to="reduced")
        return out

    def out_specs(self) -> dict[str, P]:
        return {m.value: P(None, reduced={EXAMPLES}) if self.ROW_AXIS[m] == EXAMPLES else P(EXAMPLES, reduced={VOCAB})
                for m in self.metrics}


def main(batch, head):
    mesh = make_mesh()
    batch, head = place(mesh, batch, head)
    report = Report((Metric.ACCURACY, Metric.NLL))
    f = jax.shard_map(report, mesh=mesh, in_specs=(BATCH_SPECS, axis_spec(Head)), out_specs=report.out_specs())
    return f(batch, head)


if __name__ == "__main__":
    main(*inputs())
