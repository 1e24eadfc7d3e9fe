"""Knowledge distillation for ASR: teacher logits over the full vocabulary are softened by T."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DistillationLoss:
    vocab_axis = "hidden"

    def __init__(self, temperature=2.0):
        self.temperature = temperature

    def soft_targets(self, teacher_logits):
        full = jax.lax.all_gather(teacher_logits, self.vocab_axis, axis=1, tiled=True, to="invarying")
        return jax.nn.log_softmax(full / self.temperature, axis=-1)

    def __call__(self, teacher_logits):
        return self.soft_targets(teacher_logits)


def inputs():
    return (np.random.default_rng(6).normal(size=(8, 16)).astype(np.float32),)


def main(teacher_logits):
    mesh = jax.make_mesh((2, 4), ("data", "hidden"))
    loss = DistillationLoss()
    teacher_logits = jax.device_put(teacher_logits, NamedSharding(mesh, P("data", "hidden")))
    return jax.shard_map(loss, mesh=mesh, in_specs=P("data", "hidden"),
                         out_specs=P("data", None))(teacher_logits)


if __name__ == "__main__":
    main(*inputs())
