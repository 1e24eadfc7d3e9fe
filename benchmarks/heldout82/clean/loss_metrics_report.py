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


def lddt_per_residue(dist):
    return jnp.clip(1.0 - jnp.abs(dist - 10.0) / 10.0, 0.0, 1.0)


def report_metrics(lddt, loss_config):
    return jax.reshard(lddt, P(*loss_config.metrics_layout))


def main(values):
    config = model_config()
    gc = config.model.global_config
    mesh = mesh_from(gc)
    rows = NamedSharding(mesh, P(tuple(gc.mesh_axis_names)))
    values = jax.device_put(values, rows)
    with jax.set_mesh(mesh):
        lddt = jax.jit(lddt_per_residue, out_shardings=rows)(values)
        return report_metrics(lddt, config.model.loss)


def inputs():
    rng = np.random.default_rng(3)
    return (rng.uniform(0.0, 20.0, size=(8, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
