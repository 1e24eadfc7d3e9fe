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


class FlaxScores:
    def __init__(self, config):
        self.config = config

    def __call__(self, hidden_states):
        exp = jnp.exp(hidden_states - 1.0)
        row_sum = jax.lax.psum(exp.sum(axis=-1, keepdims=True), self.config.head_axis)
        return FlaxBaseModelOutput(last_hidden_state=exp, attentions=row_sum)


class FlaxGlobalSoftmax:
    SYNC_AXES = ("batch", "heads")

    def __init__(self, config):
        self.scores = FlaxScores(config)

    def __call__(self, hidden_states):
        outputs = self.scores(hidden_states)
        denom = jax.lax.psum(outputs["attentions"], self.SYNC_AXES)
        return outputs["last_hidden_state"] / denom


def main(hidden_states):
    config = AttentionConfig()
    mesh = make_mesh(config)
    spec = P(config.batch_axis, config.head_axis)
    fn = jax.shard_map(FlaxGlobalSoftmax(config), mesh=mesh, in_specs=spec, out_specs=spec)
    return fn(jax.device_put(hidden_states, NamedSharding(mesh, spec)))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 32.0,)


if __name__ == "__main__":
    main(*inputs())
