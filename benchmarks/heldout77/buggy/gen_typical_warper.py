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
        mesh=mesh, in_specs=(P(*config.mesh_axes), P(config.mesh_axes[0])), out_specs=P(*config.mesh_axes))
    for _ in range(config.max_new_tokens):
        out = step(scores, jax.device_put(input_ids, NamedSharding(mesh, P(config.mesh_axes[0]))))
    return out


class EntropyProcessor(LogitsProcessor):
    def entropy(self, scores):
        p = jax.nn.softmax(scores, axis=-1)
        return jax.lax.psum(-p * jnp.log(p + 1e-9), VOCAB_AXIS)

    def __call__(self, input_ids, scores, cur_len):
        return scores, self.entropy(scores)


class TypicalLogitsWarper(LogitsProcessor):
    def __init__(self, mass, axes):
        self.mass = mass
        self._entropy = functools.partial(jax.lax.pmean, axis_name=axes)

    def __call__(self, input_ids, scores, cur_len):
        scores, ent = scores
        return scores - self._entropy(ent)


def main(scores):
    config = GenerationConfig(typical_p=0.9)
    processors = LogitsProcessorList([EntropyProcessor(), TypicalLogitsWarper(config.extra["typical_p"], config.mesh_axes)])
    return generate(scores, config, processors)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) % 7.0,)


if __name__ == "__main__":
    main(*inputs())
