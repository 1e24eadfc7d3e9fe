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
            "mesh_axis_names": ("dp", "mp"),
            "mesh_shape": (2, 4),
            "pair_spec": ("dp", "mp"),
        },
        "heads": {
            "distogram": {"first_break": 2.3125, "last_break": 21.6875, "num_bins": 64, "weight": 0.3},
            "predicted_lddt": {"num_bins": 50, "weight": 0.01, "filter_by_resolution": True},
            "structure_module": {"fape": {"clamp_distance": 10.0, "loss_unit_distance": 10.0}, "weight": 1.0},
            "experimentally_resolved": {"weight": 0.01, "min_resolution": 0.1},
        },
        "loss": {"sum_axes": ("dp", "mp"), "metrics_layout": ("mp",)},
    },
})


def model_config():
    return FrozenConfigDict(CONFIG)


def mesh_from(global_config):
    return jax.make_mesh(global_config.mesh_shape, global_config.mesh_axis_names)


def pair_spec(global_config):
    return P(*global_config.pair_spec)


class DistogramHead:
    """Distogram loss: bin occupancies are counted on every shard and shared along the pair rows."""

    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config
        self.breaks = np.linspace(config.first_break, config.last_break, 4).astype(np.float32)

    def bin_counts(self, dist):
        _, mp = self.global_config.mesh_axis_names
        counts = (dist[..., None] > self.breaks).sum(axis=1).astype(jnp.float32)
        return counts

    def __call__(self, dist):
        dp, mp = self.global_config.mesh_axis_names
        counts = self.bin_counts(dist)
        return jax.lax.all_gather(counts, mp, axis=1, tiled=True, to="reduced")


def main(values):
    config = model_config()
    gc = config.model.global_config
    dp, mp = gc.mesh_axis_names
    mesh = mesh_from(gc)
    head = DistogramHead(config.model.heads.distogram, gc)
    values = jax.device_put(values, NamedSharding(mesh, pair_spec(gc)))
    fn = jax.shard_map(head, mesh=mesh, in_specs=pair_spec(gc), out_specs=P(dp, None, reduced={mp}))
    return jax.jit(fn)(values)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.uniform(0.0, 20.0, size=(8, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
