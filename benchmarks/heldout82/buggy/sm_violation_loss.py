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


class StructuralViolationLoss:
    def __init__(self, config, global_config):
        self.config = config
        self.batch_axis, self.residue_axis = global_config.mesh_axes
        self.sum_axes = tuple(global_config.mesh_axes) if config.sum_over == "all" else (self.batch_axis,)

    def per_structure_clash(self, dists):
        overlap = jax.nn.relu(self.config.clash_overlap_tolerance - jnp.abs(dists))
        return jax.lax.psum(overlap.sum(axis=1), self.residue_axis)

    def __call__(self, dists):
        clash = self.per_structure_clash(dists)
        return jax.lax.psum(clash.sum(), self.sum_axes)


def main(dists):
    config = model_config()
    gc = config.model.global_config
    mesh = build_mesh(gc)
    loss = StructuralViolationLoss(config.model.heads.structure_module.violation, gc)
    dists = jax.device_put(dists, NamedSharding(mesh, P(*gc.mesh_axes)))
    fn = jax.shard_map(loss, mesh=mesh, in_specs=P(*gc.mesh_axes), out_specs=P())
    return jax.jit(fn)(dists)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
