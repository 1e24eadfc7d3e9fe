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


class RigidUpdate:
    """Backbone update: translations are shared over the batch shards, then rescaled to angstroms."""

    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config

    def translations(self, act):
        batch_axis = self.global_config.mesh_axes[0]
        return jax.lax.all_gather(act[:, :3], batch_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, act):
        trans = self.translations(act)
        return trans * self.config.position_scale


def main(single):
    config = model_config()
    gc = config.model.global_config
    mesh = build_mesh(gc)
    batch, residue = gc.mesh_axes
    module = RigidUpdate(config.model.heads.structure_module, gc)
    single = jax.device_put(single, NamedSharding(mesh, P(batch, residue)))
    fn = jax.shard_map(module, mesh=mesh, in_specs=P(batch, residue),
                       out_specs=P(None, residue, reduced={batch}))
    return jax.jit(fn)(single)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
