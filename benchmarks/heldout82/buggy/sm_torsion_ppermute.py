import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """Nested dict with attribute access, after ml_collections.ConfigDict."""

    def __init__(self, initial=None, frozen=False):
        super().__init__()
        object.__setattr__(self, "_frozen", frozen)
        for key, value in (initial or {}).items():
            if isinstance(value, dict):
                value = ConfigDict(value, frozen)
            dict.__setitem__(self, key, value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        if self._frozen:
            raise AttributeError(f"config is frozen: {name}")
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for part in parents:
                node = node[part]
            node[leaf] = value


def FrozenConfigDict(cfg):
    return ConfigDict(cfg.to_dict(), frozen=True)


CONFIG = ConfigDict({
    "model": {
        "global_config": {
            "mesh_axes": ("batch", "residue"),
            "mesh_shape": (4, 2),
            "deterministic": True,
        },
        "heads": {
            "structure_module": {
                "num_layer": 2,
                "position_scale": 10.0,
                "invariant_point_attention": {"num_head": 4, "num_point_qk": 4, "dist_epsilon": 1e-8},
                "frame_gather_schedule": [("residue",), ("batch", "residue")],
                "torsion": {"ring_shift": 1},
                "violation": {"clash_overlap_tolerance": 1.5, "sum_over": "all"},
            },
        },
    },
})


def model_config():
    return FrozenConfigDict(CONFIG)


def build_mesh(global_config):
    return jax.make_mesh(global_config.mesh_shape, global_config.mesh_axes)


class TorsionAngles:
    """Backbone torsions need the neighbouring residue shard's angles."""

    def __init__(self, config, global_config, mesh):
        self.config = config
        self.residue_axis = global_config.mesh_axes[1]
        self.num_shards = mesh.shape[self.residue_axis]

    @property
    def neighbour_perm(self):
        shift = self.config.ring_shift
        return [(i, (i + shift) % self.num_shards) for i in range(self.num_shards)]

    def angles(self, act):
        return jax.lax.all_gather(jnp.tanh(act), self.residue_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, act):
        angles = self.angles(act)
        previous = jax.lax.ppermute(angles, self.residue_axis, self.neighbour_perm)
        return previous.sum(axis=1, keepdims=True)


def main(single):
    config = model_config()
    gc = config.model.global_config
    mesh = build_mesh(gc)
    batch, residue = gc.mesh_axes
    module = TorsionAngles(config.model.heads.structure_module.torsion, gc, mesh)
    single = jax.device_put(single, NamedSharding(mesh, P(batch, residue)))
    fn = jax.shard_map(module, mesh=mesh, in_specs=P(batch, residue), out_specs=P(batch, residue))
    return jax.jit(fn)(single)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
