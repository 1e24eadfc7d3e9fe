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


class FlaxSelfAttention:
    def __init__(self, config):
        self.config = config

    def attention_weights(self, hidden_states):
        scores = hidden_states / np.sqrt(self.config.head_dim)
        return jax.lax.psum(jnp.exp(scores), self.config.head_axis)

    def __call__(self, hidden_states):
        weights = self.attention_weights(hidden_states)
        probs = jax.lax.all_gather(weights, self.config.head_axis, axis=1, tiled=True, to="reduced")
        return FlaxBaseModelOutput(last_hidden_state=hidden_states, attentions=probs)


def main(hidden_states):
    config = AttentionConfig(output_attentions=True)
    mesh = make_mesh(config)
    spec = P(config.batch_axis, config.head_axis)
    module = FlaxSelfAttention(config)
    out_specs = {"last_hidden_state": spec, "attentions": P(config.batch_axis, None, reduced={config.head_axis})}
    outputs = jax.shard_map(lambda h: dict(module(h)), mesh=mesh, in_specs=spec, out_specs=out_specs)(
        jax.device_put(hidden_states, NamedSharding(mesh, spec)))
    return outputs["attentions"]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 32.0,)


if __name__ == "__main__":
    main(*inputs())
