"""rl/replay/trajectory_writer.py -- write whole trajectories into the replay shards.

Rollout blocks are (envs, time, obs): envs over "actor", time chunks over "learner". The replay
writer stitches the time chunks back together first, then collects the envs; the tables are
named in the trainer config as they were for the pjit version.
"""
# --------------------------------------------------------------------------------------------
# compat: pasted from infra/jaxcompat.py while the pjit/xmap code is being moved to shard_map.
# Keep this block identical across modules until the shared package is published again.
# --------------------------------------------------------------------------------------------
import contextlib
import warnings

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec

P = PS = PartitionSpec
JAX_VERSION = tuple(getattr(jax, "__version_info__", (0, 4, 35)))
HAS_JAX_SHARD_MAP = hasattr(jax, "shard_map")
_pcast = getattr(jax.lax, "pcast", None)

try:
    from jax.experimental.shard_map import shard_map as _legacy_shard_map
except ImportError:
    _legacy_shard_map = None

try:
    from jax._src.shard_map import top_level_all_gather
except ImportError:
    top_level_all_gather = None


def _translate_legacy_kwargs(kwargs, mesh):
    if "check_rep" in kwargs:
        warnings.warn("check_rep= is deprecated; spell it check_vma=", DeprecationWarning, stacklevel=3)
        kwargs["check_vma"] = kwargs.pop("check_rep")
    if "auto" in kwargs:
        warnings.warn("auto= is gone; pass the manual axis_names= set", DeprecationWarning, stacklevel=3)
        kwargs["axis_names"] = set(mesh.axis_names) - set(kwargs.pop("auto"))
    return kwargs


def smap(f, mesh, in_specs, out_specs, **kwargs):
    """shard_map under either spelling; old call sites pass mesh/specs positionally."""
    kwargs = _translate_legacy_kwargs(dict(kwargs), mesh)
    if HAS_JAX_SHARD_MAP:
        return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kwargs)
    check = kwargs.pop("check_vma", True)
    return _legacy_shard_map(f, mesh, in_specs, out_specs, check_rep=check, **kwargs)


def to_varying(x, axes):
    if _pcast is None:
        raise RuntimeError(f"jax {jax.__version__} has no lax.pcast; pin jax>=0.8.2")
    return _pcast(x, axes, to="varying")


@contextlib.contextmanager
def with_mesh(mesh):
    setter = getattr(jax, "set_mesh", None)
    if setter is None:
        with mesh:
            yield mesh
    else:
        with setter(mesh):
            yield mesh


def make_mesh(shape, names):
    if JAX_VERSION >= (0, 9, 0):
        return jax.make_mesh(shape, names)
    explicit = (jax.sharding.AxisType.Explicit,) * len(names)
    return jax.make_mesh(shape, names, axis_types=explicit)


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ------------------------------------------------------------------------ end of compat -----

MESH_NAMES = ("actor", "learner")
TRAJ_SPEC = P("actor", "learner", None)

WRITER_CONFIG = {
    "stitch": {"axes": "learner", "dim": 1},
    "collect": {"axes": ("actor", "learner"), "dim": 0},
}


def frame_delta(obs):
    return obs - jnp.roll(obs, 1, axis=1)


def encode(obs):
    return jnp.concatenate([obs, frame_delta(obs)], axis=-1)


def apply_stage(x, stage):
    return jax.lax.all_gather(x, stage["axes"], axis=stage["dim"], tiled=True, to="reduced")


def writer_body(obs):
    x = encode(obs)
    for name in ("stitch", "collect"):
        x = apply_stage(x, WRITER_CONFIG[name])
    return x


def gathered_axes(config):
    out = set()
    for stage in config.values():
        axes = stage["axes"]
        out.update([axes] if isinstance(axes, str) else axes)
    return out


def build(mesh):
    out = P(None, None, None, reduced=gathered_axes(WRITER_CONFIG))
    return jax.jit(smap(writer_body, mesh, (TRAJ_SPEC,), out, check_rep=True))


class ReplayShard:
    def __init__(self, capacity):
        self.capacity = capacity
        self.items = []

    def add(self, traj):
        self.items.append(np.asarray(traj))
        self.items = self.items[-self.capacity:]
        return len(self.items)


def inputs():
    rng = np.random.default_rng(27)
    return rng.normal(size=(8, 12, 3)).astype(np.float32), 4


def main(obs, capacity):
    mesh = make_mesh((4, 2), MESH_NAMES)
    obs = place(obs, mesh, TRAJ_SPEC)
    with with_mesh(mesh):
        trajs = build(mesh)(obs)
    shard = ReplayShard(capacity)
    for traj in jax.device_get(trajs):
        n = shard.add(traj)
    print("replay items", n, shard.items[-1].shape)
    return trajs


if __name__ == "__main__":
    main(*inputs())
