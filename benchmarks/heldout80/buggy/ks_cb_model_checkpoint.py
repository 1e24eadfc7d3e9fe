"""A ModelCheckpoint callback that saves host copies of the weights at the end of each epoch."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model

    def on_batch_end(self, batch, logs=None):
        return logs


class CallbackList:
    def __init__(self, callbacks=None, model=None):
        self.callbacks = list(callbacks or [])
        for callback in self.callbacks:
            callback.set_model(model)

    def on_batch_end(self, batch, logs=None):
        logs = dict(logs or {})
        for callback in self.callbacks:
            logs = callback.on_batch_end(batch, logs) or logs
        return logs


SAVE_LAYOUTS = {
    "replicated": lambda axes: P(None, None, reduced=set(axes)),
    "row_sharded": lambda axes: P(axes[0], None),
}


class ModelCheckpoint(Callback):
    def __init__(self, filepath, save_layout="row_sharded", save_freq="epoch"):
        super().__init__()
        self.filepath = filepath
        self.save_layout = save_layout
        self.save_freq = save_freq
        self.saved = {}

    def on_epoch_end(self, epoch, logs=None):
        spec = SAVE_LAYOUTS[self.save_layout](self.model.mesh.axis_names)
        with jax.set_mesh(self.model.mesh):
            self.saved[self.filepath.format(epoch=epoch)] = top_level_all_gather(self.model.kernel, spec)


class Trainer:
    def __init__(self, mesh, kernel, callbacks=None):
        self.mesh = mesh
        self.kernel = jax.device_put(kernel, NamedSharding(mesh, P("data", "model")))
        self.callbacks = list(callbacks or [])
        for cb in self.callbacks:
            cb.set_model(self)

    def fit(self, epochs=1):
        step = jax.jit(lambda k: k * 0.9)
        for epoch in range(epochs):
            self.kernel = step(self.kernel)
            for cb in self.callbacks:
                cb.on_epoch_end(epoch, {})


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(kernel):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    checkpoint = ModelCheckpoint("ckpt/epoch_{epoch:02d}.weights")
    trainer = Trainer(mesh, kernel, callbacks=[checkpoint])
    trainer.fit(epochs=2)
    return checkpoint.saved["ckpt/epoch_01.weights"]


if __name__ == "__main__":
    print(main(*inputs()))
