import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SUPPORTED_TASKS = {}


def register_pipeline(task, **defaults):
    def wrap(pipeline_class):
        SUPPORTED_TASKS[task] = {"impl": pipeline_class, "default": defaults}
        return pipeline_class
    return wrap


class Pipeline:
    def __init__(self, mesh_shape=(4, 2), axis_names=("replica", "shard"), **kwargs):
        self.mesh = jax.make_mesh(mesh_shape, axis_names)
        self.axis_names = axis_names
        self._preprocess_params, self._forward_params, self._postprocess_params = self._sanitize_parameters(**kwargs)

    def _sanitize_parameters(self, **kwargs):
        return {}, kwargs, {}

    def preprocess(self, inputs):
        return jax.device_put(inputs, NamedSharding(self.mesh, P(*self.axis_names)))

    def postprocess(self, model_outputs):
        return np.asarray(model_outputs)

    def __call__(self, inputs):
        model_inputs = self.preprocess(inputs, **self._preprocess_params)
        model_outputs = self._forward(model_inputs, **self._forward_params)
        return self.postprocess(model_outputs, **self._postprocess_params)


def pipeline(task, **kwargs):
    entry = SUPPORTED_TASKS[task]
    return entry["impl"](**{**entry["default"], **kwargs})


@register_pipeline("fill-mask", gather_axes=())
class FillMaskPipeline(Pipeline):
    def _sanitize_parameters(self, gather_axes=(), **kwargs):
        return {}, {}, {"gather_axes": gather_axes}

    def _forward(self, model_inputs):
        return jax.jit(jax.nn.log_softmax, out_shardings=NamedSharding(self.mesh, P(*self.axis_names)))(model_inputs)

    def postprocess(self, model_outputs, gather_axes=()):
        with jax.set_mesh(self.mesh):
            return np.asarray(top_level_all_gather(model_outputs, P(None, self.axis_names[1], reduced=set(gather_axes))))


def main(logits):
    return pipeline("fill-mask")(logits)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16) / 16.0,)


if __name__ == "__main__":
    main(*inputs())
