"""Audio tagging with batch mixup: labels are re-sharded with all_to_all to pair clips."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MixupCallback:
    def __init__(self, class_axis, alpha=0.4):
        self.class_axis = class_axis
        self.alpha = alpha

    def on_batch(self, labels):
        full = jax.lax.all_gather(labels, self.class_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_to_all(full, self.class_axis, split_axis=1, concat_axis=1, tiled=True)


class Trainer:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def step(self, labels):
        for cb in self.callbacks:
            labels = cb.on_batch(labels)
        return labels


def inputs():
    rng = np.random.default_rng(62)
    return ((rng.uniform(size=(8, 16)) > 0.5).astype(np.float32),)


def main(labels):
    mesh = jax.make_mesh((2, 4), ("clips", "classes"))
    labels = jax.device_put(labels, NamedSharding(mesh, P("clips", "classes")))
    trainer = Trainer([MixupCallback(class_axis="classes")])
    return jax.shard_map(trainer.step, mesh=mesh, in_specs=P("clips", "classes"),
                         out_specs=P("clips", "classes"))(labels)


if __name__ == "__main__":
    print(main(*inputs()).shape)
