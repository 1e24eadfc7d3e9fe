"""Generate with a preset backbone, then export its weights in a Transformers-like layout."""
from jax._src.shard_map import top_level_all_gather
import copy

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Backbone:
    presets = {}

    def __init__(self, dtype="float32", **kwargs):
        self.dtype = dtype

    def get_config(self):
        return {"dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    @classmethod
    def from_preset(cls, preset, **kwargs):
        if preset not in cls.presets:
            raise ValueError(f"Unknown preset {preset!r}; available: {sorted(cls.presets)}")
        config = copy.deepcopy(cls.presets[preset]["config"])
        config.update(kwargs)
        return cls.from_config(config)


class Task:
    backbone_cls = None

    def __init__(self, backbone, **kwargs):
        self.backbone = backbone

    @classmethod
    def from_preset(cls, preset, **kwargs):
        return cls(cls.backbone_cls.from_preset(preset), **kwargs)


class TinyBackbone(Backbone):
    presets = {"tiny_en": {"config": {"vocabulary_size": 16, "hidden_dim": 8}}}

    def __init__(self, vocabulary_size, hidden_dim, **kwargs):
        super().__init__(**kwargs)
        self.vocabulary_size = vocabulary_size
        self.hidden_dim = hidden_dim

    def build(self, mesh, seed=0):
        rng = np.random.default_rng(seed)
        self.weights = {
            "token_embedding": jax.device_put(rng.normal(size=(self.vocabulary_size, self.hidden_dim)).astype(np.float32),
                                              NamedSharding(mesh, P("model", None))),
            "lm_head": jax.device_put(rng.normal(size=(self.hidden_dim, self.vocabulary_size)).astype(np.float32),
                                      NamedSharding(mesh, P(None, "model"))),
        }
        return self


HF_LAYOUTS = {
    "token_embedding": ("model.embed_tokens.weight", P(None, None, reduced={"model"})),
    "lm_head": ("lm_head.weight", P(None, None, reduced={"model"})),
}


def export_to_transformers(backbone):
    state_dict = {}
    for name, (hf_name, spec) in HF_LAYOUTS.items():
        state_dict[hf_name] = top_level_all_gather(backbone.weights[name], spec)
    return state_dict


def greedy_step(backbone, hidden):
    logits = hidden @ backbone.weights["lm_head"]
    return jnp.argmax(logits, axis=-1)


def main(hidden):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    with jax.set_mesh(mesh):
        backbone = TinyBackbone.from_preset("tiny_en").build(mesh)
        next_ids = greedy_step(backbone, hidden)
    state_dict = export_to_transformers(backbone)
    return state_dict["lm_head.weight"], next_ids


def inputs():
    return (np.random.default_rng(35).normal(size=(4, 8)).astype(np.float32),)


if __name__ == "__main__":
    print(main(*inputs()))
