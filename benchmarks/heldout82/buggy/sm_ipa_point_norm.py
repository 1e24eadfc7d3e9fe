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


class InvariantPointAttention:
    """Point attention: per-residue point norms are pooled and shared across residue shards."""

    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config
        _, self.residue_axis = global_config.mesh_axes
        self._collect = functools.partial(
            jax.lax.all_gather, axis_name=self.residue_axis, axis=0, tiled=True, to="reduced")

    def point_norms(self, points):
        sq = jnp.square(points).sum(axis=-1, keepdims=True)
        return jnp.sqrt(self.config.dist_epsilon + jax.lax.pmean(sq, self.residue_axis))

    def __call__(self, points):
        norms = self.point_norms(points)
        return self._collect(norms)


def main(points):
    config = model_config()
    gc = config.model.global_config
    mesh = build_mesh(gc)
    batch, residue = gc.mesh_axes
    ipa = InvariantPointAttention(config.model.heads.structure_module.invariant_point_attention, gc)
    points = jax.device_put(points, NamedSharding(mesh, P(batch, residue)))
    fn = jax.shard_map(ipa, mesh=mesh, in_specs=P(batch, residue),
                       out_specs=P(batch, None, reduced={residue}))
    return jax.jit(fn)(points)


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
