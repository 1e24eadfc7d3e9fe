import collections
import dataclasses
import functools
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class ModelOutput(collections.OrderedDict):
    def __post_init__(self):
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None:
                self[field.name] = value

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class FlaxBaseModelOutput(ModelOutput):
    last_hidden_state: Optional[jax.Array] = None
    hidden_states: Optional[tuple] = None
    attentions: Optional[jax.Array] = None


class AttentionConfig:
    def __init__(self, num_attention_heads=4, head_dim=4, attention_dropout=0.0,
                 batch_axis="batch", head_axis="heads", **kwargs):
        self.num_attention_heads = num_attention_heads
        self.head_dim = head_dim
        self.attention_dropout = attention_dropout
        self.batch_axis = batch_axis
        self.head_axis = head_axis
        for key, value in kwargs.items():
            setattr(self, key, value)


def make_mesh(config):
    return jax.make_mesh((2, 4), (config.batch_axis, config.head_axis))


class FlaxAttentionProbs:
    def __init__(self, config):
        self.config = config

    def __call__(self, hidden_states):
        return FlaxBaseModelOutput(
            attentions=jax.lax.all_gather(hidden_states, self.config.batch_axis, axis=0, tiled=True, to="reduced"))


class FlaxAttentionDropout:
    def __init__(self, config):
        self.config = config
        self.probs = FlaxAttentionProbs(config)

    def __call__(self, hidden_states, deterministic=False):
        outputs = self.probs(hidden_states)
        if deterministic or self.config.attention_dropout == 0.0:
            return outputs["attentions"]
        keep_scale = 1.0 / (1.0 - self.config.attention_dropout)
        return outputs["attentions"] * keep_scale


def main(hidden_states):
    config = AttentionConfig(attention_dropout=0.1)
    mesh = make_mesh(config)
    spec = P(config.batch_axis, config.head_axis)
    fn = jax.shard_map(FlaxAttentionDropout(config), mesh=mesh, in_specs=spec, out_specs=P(None, config.head_axis))
    return fn(jax.device_put(hidden_states, NamedSharding(mesh, spec)))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 32.0,)


if __name__ == "__main__":
    main(*inputs())
