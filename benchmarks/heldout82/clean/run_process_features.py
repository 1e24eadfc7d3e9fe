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
    "model": {
        "global_config": {
            "mesh": {"axis_names": ("data", "model"), "shape": (2, 4), "reduce_axes": ("data",)},
            "subbatch_size": 4,
        },
        "num_recycle": 2,
        "resample_msa_in_recycling": True,
        "heads": {
            "predicted_lddt": {"num_bins": 4},
            "predicted_aligned_error": {"max_error_bin": 31.0, "num_bins": 4, "sync": "gather"},
        },
    },
    "data": {"template_layout": ("model", None)},
})

CONFIG_DIFFS = {
    "model_1": {},
    "model_5_ptm": {"model.global_config.mesh.reduce_axes": ("data", "model")},
}


def model_config(name):
    cfg = ConfigDict(CONFIG.to_dict())
    cfg.update_from_flattened_dict(CONFIG_DIFFS[name])
    return FrozenConfigDict(cfg)


class AlphaFold:
    def __init__(self, config, mesh):
        self.config = config

    def __call__(self, act):
        return jnp.tanh(act)


class RunModel:
    def __init__(self, config):
        self.config = config
        gc = config.model.global_config
        self.mesh = jax.make_mesh(gc.mesh.shape, gc.mesh.axis_names)
        self.data_axis, self.model_axis = gc.mesh.axis_names

    def process_features(self, raw_features):
        sharding = NamedSharding(self.mesh, P(self.data_axis, self.model_axis))
        feat = {k: jax.device_put(v, sharding) for k, v in raw_features.items()}
        with jax.set_mesh(self.mesh):
            feat["template_feat"] = top_level_all_gather(
                feat["msa_feat"], P(self.data_axis, None, reduced={self.model_axis}))
        return feat

    def predict(self, feat):
        network = AlphaFold(self.config.model, self.mesh)
        with jax.set_mesh(self.mesh):
            return jax.jit(network)(feat["template_feat"])


def main(raw_features):
    model_runner = RunModel(model_config("model_1"))
    feat = model_runner.process_features(raw_features)
    return model_runner.predict(feat)


def inputs():
    rng = np.random.default_rng(4)
    return ({"msa_feat": rng.normal(size=(8, 16)).astype(np.float32)},)


if __name__ == "__main__":
    main(*inputs())
