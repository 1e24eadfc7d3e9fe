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


def compute_plddt(logits):
    num_bins = logits.shape[-1]
    bin_width = 1.0 / num_bins
    bin_centers = jnp.arange(start=0.5 * bin_width, stop=1.0, step=bin_width)
    probs = jax.nn.softmax(logits, axis=-1)
    return jnp.sum(probs * bin_centers[None, :], axis=-1) * 100.0


class AlphaFold:
    def __init__(self, config, mesh):
        self.config = config
        self.model_axis = mesh.axis_names[1]

    def lddt_logits(self, act, to="reduced"):
        return jax.lax.all_gather(act[:, :1], self.model_axis, axis=1, tiled=True, to=to)

    def __call__(self, act):
        return compute_plddt(self.lddt_logits(act))


class RunModel:
    """Container for one model preset: builds the mesh, places features and runs the network."""

    def __init__(self, config):
        self.config = config
        gc = config.model.global_config
        self.mesh = jax.make_mesh(gc.mesh.shape, gc.mesh.axis_names)
        self.data_axis, self.model_axis = gc.mesh.axis_names

    @property
    def feature_spec(self):
        return P(self.data_axis, self.model_axis)

    def process_features(self, raw_features):
        sharding = NamedSharding(self.mesh, self.feature_spec)
        return {k: jax.device_put(v, sharding) for k, v in raw_features.items()}

    def predict(self, feat):
        network = AlphaFold(self.config.model, self.mesh)
        fn = jax.shard_map(network, mesh=self.mesh, in_specs=self.feature_spec, out_specs=self.out_spec())
        return jax.jit(fn)(feat["msa_feat"])

    def out_spec(self):
        return P(self.data_axis)


def main(raw_features):
    model_runner = RunModel(model_config("model_1"))
    feat = model_runner.process_features(raw_features)
    return model_runner.predict(feat)


def inputs():
    rng = np.random.default_rng(4)
    return ({"msa_feat": rng.normal(size=(8, 16)).astype(np.float32)},)


if __name__ == "__main__":
    main(*inputs())
