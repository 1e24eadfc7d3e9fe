import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


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
    "data": {
        "common": {
            "global_config": {"axis_names": ("replica", "seq"), "mesh_shape": (2, 4)},
            "feature_layouts": {"msa": ("seq", "replica"), "deletion_matrix": ("seq", "replica")},
            "reduce_msa_stats": "max",
        },
        "eval": {"masked_msa_replace_fraction": 0.15, "max_msa_clusters": 8},
    },
})


def curry1(f):
    """Supply all arguments but the first, so transforms chain as protein -> protein."""

    def fc(*args, **kwargs):
        return lambda x: f(x, *args, **kwargs)

    return fc


def feature_spec(name, common):
    return P(*common.feature_layouts[name])


def make_mesh(common):
    return jax.make_mesh(common.global_config.mesh_shape, common.global_config.axis_names)


def run_pipeline(transforms, output, protein):
    for transform in transforms:
        protein = transform(protein)
    return protein[output]


EXPORT_LAYOUTS = {
    "deletion_matrix": ("seq", None),
    "msa": ("seq", None),
}


def export_features(features, common):
    exported = {}
    for name in sorted(EXPORT_LAYOUTS):
        seq_name, replica_name = common.feature_layouts[name]
        reduced = {replica_name} if name == "deletion_matrix" else set()
        spec = P(*EXPORT_LAYOUTS[name], reduced=reduced)
        exported[name] = top_level_all_gather(features[name], spec)
    return exported


def main(np_example):
    cfg = FrozenConfigDict(CONFIG)
    common = cfg.data.common
    mesh = make_mesh(common)
    features = {k: jax.device_put(v, NamedSharding(mesh, feature_spec(k, common)))
                for k, v in np_example.items()}
    with jax.set_mesh(mesh):
        return export_features(features, common)


def inputs():
    rng = np.random.default_rng(2)
    np_example = {
        "msa": rng.integers(0, 21, size=(16, 8)).astype(np.float32),
        "deletion_matrix": rng.integers(0, 5, size=(16, 8)).astype(np.float32),
    }
    return (np_example,)


if __name__ == "__main__":
    main(*inputs())
