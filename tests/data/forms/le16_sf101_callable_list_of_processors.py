import inspect

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ProcessorList(list):
    def __call__(self, ids, scores, step, **kwargs):
        for processor in self:
            if len(inspect.signature(processor.__call__).parameters) > 3:
                scores = processor(ids, scores, step, **kwargs)
            else:
                scores = processor(ids, scores, step)
        return scores


class SamplingConfig:
    def __init__(self, **kwargs):
        self.top_k = kwargs.pop("top_k", 0)
        self.axes = tuple(kwargs.pop("axes", ("i", "j")))
        self.extra = kwargs

    def __repr__(self):
        return f"{self.__class__.__name__}(top_k={self.top_k})"


class VocabMass:
    axis = "j"

    def __call__(self, ids, scores, step):
        mass = jax.lax.psum(scores + jnp.where(step < 2, -1.0, 0.0), self.axis)
        return jax.lax.all_gather(mass, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def generate(mesh, scores, config, processors):
    step = jax.shard_map(lambda s, ids: processors(ids, s, 1), mesh=mesh,
                         in_specs=(P(*config.axes), P(config.axes[0])),
                         out_specs=P("i", None, reduced={"j"}))
    return step(scores, jnp.zeros((8, 1), jnp.int32))


def main(mesh, x):
    config = SamplingConfig(top_k=4)
    return generate(mesh, x, config, ProcessorList([VocabMass()]))
