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


def gather_reduced(x, axes, dim=0):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


@curry1
def make_deletion_mean(protein, seq_axis):
    protein["deletion_rows"] = gather_reduced(protein["deletion_matrix"], seq_axis)
    return protein


@curry1
def make_hhblits_profile(protein, axis_names):
    protein["hhblits_profile"] = gather_reduced(jnp.abs(protein["deletion_rows"]), tuple(axis_names), dim=1)
    return protein


def main(np_example):
    cfg = FrozenConfigDict(CONFIG)
    common = cfg.data.common
    seq_name, replica_name = common.feature_layouts.msa
    mesh = make_mesh(common)
    specs = {k: feature_spec(k, common) for k in np_example}
    features = {k: jax.device_put(v, NamedSharding(mesh, specs[k])) for k, v in np_example.items()}
    transforms = [make_deletion_mean(seq_name), make_hhblits_profile(common.global_config.axis_names)]
    fn = jax.shard_map(functools.partial(run_pipeline, transforms, "hhblits_profile"), mesh=mesh,
                       in_specs=(specs,), out_specs=P(None, None, reduced={seq_name, replica_name}))
    return jax.jit(fn)(features)


def inputs():
    rng = np.random.default_rng(2)
    np_example = {
        "msa": rng.integers(0, 21, size=(16, 8)).astype(np.float32),
        "deletion_matrix": rng.integers(0, 5, size=(16, 8)).astype(np.float32),
    }
    return (np_example,)


if __name__ == "__main__":
    main(*inputs())
