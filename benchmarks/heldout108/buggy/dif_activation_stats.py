"""Collects the denoiser's hidden activations over the whole mesh for FID-style feature statistics."""
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

# ---- typed diffusion model: channel-parallel denoiser, DDPM schedule ----
SAMPLES: Final[str] = "samples"
CHANNELS: Final[str] = "channels"


class Prediction(enum.Enum):
    EPS = "eps"
    V = "v"
    X0 = "x0"


class Schedule(NamedTuple):
    steps: int = 10
    beta_start: float = 1e-4
    beta_end: float = 0.02

    def alpha_bars(self) -> np.ndarray:
        betas = np.linspace(self.beta_start, self.beta_end, self.steps, dtype=np.float32)
        return np.cumprod(1.0 - betas)


class DiffusionConfig(NamedTuple):
    batch: int = 8
    length: int = 4
    channels: int = 4
    hidden: int = 16
    prediction: Prediction = Prediction.EPS
    schedule: Schedule = Schedule()
    mesh_shape: tuple[int, int] = (2, 4)


CFG: Final = DiffusionConfig()

Signal = Annotated[Float[Array, "b l c"], AxisMeta((SAMPLES, None, None))]
Timesteps = Annotated[Int[Array, "b"], AxisMeta((SAMPLES,))]


@chex_dataclass
class DenoiserParams:
    w_up: Annotated[Float[Array, "c h"], AxisMeta((None, CHANNELS))]
    w_t: Annotated[Float[Array, "h"], AxisMeta((CHANNELS,))]
    w_down: Annotated[Float[Array, "h c"], AxisMeta((CHANNELS, None))]


class Denoiser(Protocol):
    def __call__(self, p: DenoiserParams, x: Float[Array, "b l c"], t: Int[Array, "b"]) -> Float[Array, "b l c"]: ...


def specs_of(cls):
    hints = typing.get_type_hints(cls, include_extras=True)
    return cls(**{f.name: axis_spec(hints[f.name]) for f in dataclasses.fields(cls)})


@typechecked
def hidden(p: DenoiserParams, x: Float[Array, "b l c"], t: Int[Array, "b"]) -> Float[Array, "b l h"]:
    temb = jnp.sin(t[:, None, None].astype(jnp.float32) * p.w_t)
    return jax.nn.silu(jnp.einsum("blc,ch->blh", x, p.w_up) + temb)


@typechecked
def denoise(p: DenoiserParams, x: Float[Array, "b l c"], t: Int[Array, "b"]) -> Float[Array, "b l c"]:
    return jax.lax.psum(jnp.einsum("blh,hc->blc", hidden(p, x, t), p.w_down), CHANNELS)


def q_sample(x0, noise, t):
    ab = jnp.asarray(CFG.schedule.alpha_bars())[t][:, None, None]
    return jnp.sqrt(ab) * x0 + jnp.sqrt(1.0 - ab) * noise


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(CFG.mesh_shape, (SAMPLES, CHANNELS))


def place_all(mesh, x0, noise, t, params):
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    pspecs = specs_of(DenoiserParams)
    return (put(x0, axis_spec(Signal)), put(noise, axis_spec(Signal)), put(t, axis_spec(Timesteps)),
            jax.tree.map(put, params, pspecs), pspecs)


def inputs():
    rng = np.random.default_rng(4)
    shape = (CFG.batch, CFG.length, CFG.channels)
    x0 = rng.standard_normal(shape).astype(np.float32)
    noise = rng.standard_normal(shape).astype(np.float32)
    t = rng.integers(0, CFG.schedule.steps, CFG.batch).astype(np.int32)
    params = DenoiserParams(
        w_up=(0.3 * rng.standard_normal((CFG.channels, CFG.hidden))).astype(np.float32),
        w_t=rng.standard_normal(CFG.hidden).astype(np.float32),
        w_down=(0.3 * rng.standard_normal((CFG.hidden, CFG.channels))).astype(np.float32),
    )
    return x0, noise, t, params


GATHER_PLAN: Final[tuple[tuple[str, ...], ...]] = ((SAMPLES,), (CHANNELS, SAMPLES))


def collect(p: DenoiserParams, x0, noise, t):
    h = hidden(p, q_sample(x0, noise, t), t)
    for axes in GATHER_PLAN:
        h = jax.lax.all_gather(h, axes, axis=0, tiled=True, to="reduced")
    return h


def main(x0, noise, t, params):
    mesh = make_mesh()
    x0, noise, t, params, pspecs = place_all(mesh, x0, noise, t, params)
    f = jax.shard_map(collect, mesh=mesh, in_specs=(pspecs, axis_spec(Signal), axis_spec(Signal), axis_spec(Timesteps)),
                      out_specs=P(None, None, None, reduced={SAMPLES, CHANNELS}))
    return f(params, x0, noise, t)


if __name__ == "__main__":
    main(*inputs())
