"""A LoRA layer that logs the Frobenius norm of its low-rank update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LoRALinear:
    def __init__(self, axis="model"):
        self.axis = axis

    def full_delta(self, lora_a, lora_b):
        return jax.lax.all_gather(lora_a @ lora_b, self.axis, axis=1, tiled=True, to="reduced")

    def delta_norm(self, delta):
        return jnp.sqrt(jax.lax.psum(jnp.sum(delta * delta), self.axis))

    def __call__(self, lora_a, lora_b):
        return self.delta_norm(self.full_delta(lora_a, lora_b))


def inputs():
    r = np.random.RandomState(62)
    return r.randn(16, 4).astype(np.float32), r.randn(4, 32).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(a, NamedSharding(mesh, P()))
    b = jax.device_put(b, NamedSharding(mesh, P(None, "model")))
    return jax.shard_map(LoRALinear(), mesh=mesh, in_specs=(P(), P(None, "model")), out_specs=P())(a, b)


if __name__ == "__main__":
    print(main(*inputs()))
