"""Normalised one-step advantages of a typed actor-critic (mean and std over the whole batch)."""
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

# ---- typed RL agent: actor-critic with a tensor-parallel torso ----
class MeshAxes(NamedTuple):
    actors: str = "actors"
    model: str = "model"


AX: Final[MeshAxes] = MeshAxes()


class AgentConfig(NamedTuple):
    n_envs: int = 16
    obs_dim: int = 6
    hidden: int = 8
    n_actions: int = 4
    gamma: float = 0.99
    entropy_coef: float = 0.01
    mesh_shape: tuple[int, int] = (4, 2)


Obs = Annotated[Float[Array, "e o"], AxisMeta((AX.actors, None))]
Rewards = Annotated[Float[Array, "e"], AxisMeta((AX.actors,))]


@chex_dataclass
class AgentParams:
    torso: Annotated[Float[Array, "o h"], AxisMeta((None, AX.model))]
    pi_head: Annotated[Float[Array, "h a"], AxisMeta((AX.model, None))]
    v_head: Annotated[Float[Array, "h 1"], AxisMeta((AX.model, None))]


class Transition(NamedTuple):
    obs: Obs
    reward: Rewards
    done: Optional[Rewards] = None


def spec_tree(cls):
    hints = typing.get_type_hints(cls, include_extras=True)
    return cls(**{f.name: axis_spec(hints[f.name]) for f in dataclasses.fields(cls)})


@typechecked
def torso(obs: Float[Array, "e o"], w: Float[Array, "o h"]) -> Float[Array, "e h"]:
    return jnp.tanh(obs @ w)


@typechecked
def heads(h: Float[Array, "e h"], p: AgentParams) -> tuple[Float[Array, "e a"], Float[Array, "e"]]:
    logits = jax.lax.psum(h @ p.pi_head, AX.model)
    value = jax.lax.psum((h @ p.v_head)[:, 0], AX.model)
    return logits, value


class Agent:
    cfg: ClassVar[AgentConfig] = AgentConfig()

    def __init__(self, mesh: jax.sharding.Mesh) -> None:
        self.mesh = mesh
        self.param_specs = spec_tree(AgentParams)

    def place(self, tree, specs):
        return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(self.mesh, s)), tree, specs)


def make_mesh() -> jax.sharding.Mesh:
    return jax.make_mesh(AgentConfig().mesh_shape, tuple(AX))


def inputs():
    cfg = AgentConfig()
    rng = np.random.default_rng(2)
    obs = rng.standard_normal((cfg.n_envs, cfg.obs_dim)).astype(np.float32)
    reward = rng.random(cfg.n_envs).astype(np.float32)
    params = AgentParams(
        torso=(0.3 * rng.standard_normal((cfg.obs_dim, cfg.hidden))).astype(np.float32),
        pi_head=(0.3 * rng.standard_normal((cfg.hidden, cfg.n_actions))).astype(np.float32),
        v_head=(0.3 * rng.standard_normal((cfg.hidden, 1))).astype(np.float32),
    )
    return obs, reward, params


class NormScope(enum.Enum):
    SHARD = enum.auto()
    GLOBAL = enum.auto()


SCOPE_AXES: Final = {NormScope.SHARD: (), NormScope.GLOBAL: tuple(AX)}


def advantages(tr: Transition, p: AgentParams, scope: NormScope = NormScope.GLOBAL):
    _, value = heads(torso(tr.obs, p.torso), p)
    adv = tr.reward - value
    axes = SCOPE_AXES[scope]
    mu = jax.lax.pmean(adv.mean(), axes)
    var = jax.lax.pmean(jnp.mean((adv - mu) ** 2), axes)
    return (adv - mu) / jnp.sqrt(var + 1e-8)


def main(obs, reward, params):
    mesh = make_mesh()
    agent = Agent(mesh)
    tspec = Transition(axis_spec(Obs), axis_spec(Rewards))
    f = jax.shard_map(advantages, mesh=mesh, in_specs=(tspec, agent.param_specs), out_specs=P(AX.actors))
    return f(agent.place(Transition(obs, reward), tspec), agent.place(params, agent.param_specs))


if __name__ == "__main__":
    main(*inputs())
