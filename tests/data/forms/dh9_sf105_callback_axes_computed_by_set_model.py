"""A Keras `BaseLogger`-like callback computes its axes in `set_model` from the model it is
given (`tuple(model.mesh.axis_names)`, after `super().set_model(model)`); the trainer's
`CallbackList` hands it the trainer, so the axes are the mesh's."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model


class CallbackList:
    def __init__(self, callbacks, model=None):
        self.callbacks = list(callbacks)
        for callback in self.callbacks:
            callback.set_model(model)


class MeanLogger(Callback):
    def set_model(self, model):
        super().set_model(model)
        self.axes = tuple(model.mesh.axis_names)

    def on_batch_end(self, logs):
        return {name: jax.lax.pmean(value, self.axes) for name, value in logs.items()}  # SF105


class Trainer:
    def __init__(self, mesh, logger):
        self.mesh = mesh
        self.logger = logger
        self.callbacks = CallbackList([logger], model=self)

    def step(self, x):
        total = jax.lax.psum(jnp.sum(x), "j")
        return self.logger.on_batch_end({"total": total})


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    trainer = Trainer(mesh, MeanLogger())
    return jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs={"total": P()})(x)
