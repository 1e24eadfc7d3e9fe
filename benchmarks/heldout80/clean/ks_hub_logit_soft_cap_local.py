"""Gemma-style final logit soft-capping in a vocab-parallel CausalLM from a preset."""
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


class GemmaBackbone(Backbone):
    presets = {
        "gemma_toy_en": {
            "metadata": {"description": "toy Gemma", "official_name": "Gemma"},
            "config": {"vocabulary_size": 16, "hidden_dim": 6, "final_logit_soft_cap": 30.0, "vocab_axis": "model"},
        },
    }

    def __init__(self, vocabulary_size, hidden_dim, final_logit_soft_cap=None, vocab_axis="model", **kwargs):
        super().__init__(**kwargs)
        self.vocabulary_size = vocabulary_size
        self.hidden_dim = hidden_dim
        self.final_logit_soft_cap = final_logit_soft_cap
        self.vocab_axis = vocab_axis

    def token_logits(self, hidden, embeddings):
        logits = hidden @ embeddings.T
        if self.final_logit_soft_cap is not None:
            logits = jnp.tanh(logits / self.final_logit_soft_cap) * self.final_logit_soft_cap
        return jax.lax.all_gather(logits, self.vocab_axis, axis=-1, tiled=True, to="reduced")


class GemmaCausalLM(Task):
    backbone_cls = GemmaBackbone

    def call_with_cache(self, hidden, embeddings):
        return self.backbone.token_logits(hidden, embeddings)


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(8, 6)).astype(np.float32) * 5, rng.normal(size=(16, 6)).astype(np.float32)


def main(hidden, embeddings):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    lm = GemmaCausalLM.from_preset("gemma_toy_en")
    hidden = jax.device_put(hidden, NamedSharding(mesh, P("batch", None)))
    embeddings = jax.device_put(embeddings, NamedSharding(mesh, P("model", None)))
    return jax.shard_map(lm.call_with_cache, mesh=mesh, in_specs=(P("batch", None), P("model", None)),
                         out_specs=P("batch", None, reduced={"model"}))(hidden, embeddings)


if __name__ == "__main__":
    print(main(*inputs()))
