"""Score token sequences with a vocab-parallel CausalLM built from a preset."""
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


class GPTBackbone(Backbone):
    presets = {
        "gpt_tiny_en": {
            "metadata": {"description": "2-layer toy GPT", "params": 640},
            "config": {"vocabulary_size": 16, "hidden_dim": 6, "vocab_axis": "model", "sequence_axis": "model"},
        },
    }

    def __init__(self, vocabulary_size, hidden_dim, vocab_axis="model", sequence_axis=None, **kwargs):
        super().__init__(**kwargs)
        self.vocabulary_size = vocabulary_size
        self.hidden_dim = hidden_dim
        self.vocab_axis = vocab_axis
        self.sequence_axis = sequence_axis

    def get_config(self):
        return {**super().get_config(), "vocabulary_size": self.vocabulary_size, "hidden_dim": self.hidden_dim,
                "vocab_axis": self.vocab_axis, "sequence_axis": self.sequence_axis}


class GPTCausalLM(Task):
    backbone_cls = GPTBackbone

    def score(self, hidden, embeddings, labels):
        axis = self.backbone.vocab_axis
        logits = hidden @ embeddings.T
        block = logits.shape[-1]
        local = labels - jax.lax.axis_index(axis) * block
        hit = (local >= 0) & (local < block)
        picked = jnp.take_along_axis(logits, jnp.clip(local, 0, block - 1)[..., None], axis=-1)[..., 0]
        label_logit = jax.lax.psum(jnp.where(hit, picked, 0.0), axis)
        log_z = jnp.log(jax.lax.psum(jnp.exp(logits).sum(axis=-1), axis))
        return self._all_positions(label_logit - log_z)

    def _all_positions(self, token_scores):
        if self.backbone.sequence_axis is None:
            return token_scores
        return jax.lax.all_gather(token_scores, self.backbone.sequence_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(4, 3, 6)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32),
            rng.integers(0, 16, size=(4, 3)).astype(np.int32))


def main(hidden, embeddings, labels):
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    lm = GPTCausalLM.from_preset("gpt_tiny_en")
    hidden = jax.device_put(hidden, NamedSharding(mesh, P("batch", None, None)))
    embeddings = jax.device_put(embeddings, NamedSharding(mesh, P("model", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("batch", None)))
    scores = jax.shard_map(lm.score, mesh=mesh, in_specs=(P("batch", None, None), P("model", None), P("batch", None)),
                           out_specs=P("batch", None, reduced={"model"}))(hidden, embeddings, labels)
    return scores


if __name__ == "__main__":
    print(main(*inputs()))
