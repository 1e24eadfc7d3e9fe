import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

BATCH_AXIS = "batch"
VOCAB_AXIS = "vocab"


class LogitsProcessor:
    def __call__(self, input_ids, scores, cur_len):
        raise NotImplementedError(f"{self.__class__} is an abstract class.")


class LogitsProcessorList(list):
    def __call__(self, input_ids, scores, cur_len, **kwargs):
        for processor in self:
            params = inspect.signature(processor.__call__).parameters
            if len(params) > 3:
                scores = processor(input_ids, scores, cur_len, **kwargs)
            else:
                scores = processor(input_ids, scores, cur_len)
        return scores


class GenerationConfig:
    def __init__(self, **kwargs):
        self.max_new_tokens = kwargs.pop("max_new_tokens", 1)
        self.temperature = kwargs.pop("temperature", 1.0)
        self.top_k = kwargs.pop("top_k", 0)
        self.repetition_penalty = kwargs.pop("repetition_penalty", 1.0)
        self.mesh_axes = tuple(kwargs.pop("mesh_axes", (BATCH_AXIS, VOCAB_AXIS)))
        self.extra = kwargs


def sharded_logits(scores, mesh, config):
    return jax.device_put(scores, NamedSharding(mesh, P(*config.mesh_axes)))


def generate(scores, config, processors):
    mesh = jax.make_mesh((2, 4), config.mesh_axes)
    scores = sharded_logits(scores, mesh, config)
    input_ids = jnp.zeros((8, 1), jnp.int32)
    step = jax.shard_map(
        lambda s, ids: processors(ids, s, 1),
        mesh=mesh, in_specs=(P(*config.mesh_axes), P(config.mesh_axes[0])), out_specs=P(BATCH_AXIS, None))
    for _ in range(config.max_new_tokens):
        out = step(scores, jax.device_put(input_ids, NamedSharding(mesh, P(config.mesh_axes[0]))))
    return out


class VocabGatherProcessor(LogitsProcessor):
    def __call__(self, input_ids, scores, cur_len):
        return jax.lax.all_gather(scores, VOCAB_AXIS, axis=1, tiled=True, to="reduced")


class TemperatureLogitsWarper(LogitsProcessor):
    def __init__(self, temperature):
        if not temperature > 0:
            raise ValueError(f"`temperature` has to be a strictly positive float, but is {temperature}")
        self.temperature = temperature

    def __call__(self, input_ids, scores, cur_len):
        return scores / self.temperature


def main(scores):
    config = GenerationConfig(temperature=0.7)
    processors = LogitsProcessorList()
    processors.append(VocabGatherProcessor())
    if config.temperature != 1.0:
        processors.append(TemperatureLogitsWarper(config.temperature))
    return generate(scores, config, processors)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) % 7.0,)


if __name__ == "__main__":
    main(*inputs())
