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


def beam_search_scores(scores, mesh, config):
    layout = NamedSharding(mesh, P(tuple(config.mesh_axes), None))
    score_fn = jax.jit(lambda s: jax.nn.log_softmax(s, axis=-1), out_shardings=layout)
    return score_fn(scores)


def export_beam_scores(beam_scores, config):
    return top_level_all_gather(beam_scores, P(*config.extra["export_spec"]))


def main(scores):
    config = GenerationConfig(num_beams=4, export_spec=(VOCAB_AXIS, None))
    mesh = jax.make_mesh((2, 4), config.mesh_axes)
    with jax.set_mesh(mesh):
        beam_scores = beam_search_scores(scores, mesh, config)
        return export_beam_scores(beam_scores, config)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) % 7.0,)


if __name__ == "__main__":
    main(*inputs())
