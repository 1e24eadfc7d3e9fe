"""LoRA training loss accumulated over micro-batches with lax.scan, averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"micro_batches": 4, "axes": ("data", "model"), "model_axis": "model"}


def accumulated_loss(xs, w, lora_a, lora_b):
    def micro_loss(carry, x):
        out = jax.lax.psum(x @ (w + lora_a @ lora_b), CONFIG["model_axis"])
        return carry, jnp.mean(out ** 2)

    _, losses = jax.lax.scan(micro_loss, None, xs)
    total = jnp.sum(losses)
    return jax.lax.pmean(total / CONFIG["micro_batches"], CONFIG["axes"])


def inputs():
    r = np.random.RandomState(64)
    return (r.randn(4, 8, 16).astype(np.float32), r.randn(16, 8).astype(np.float32) * 0.1,
            r.randn(16, 2).astype(np.float32) * 0.1, np.zeros((2, 8), np.float32))


def main(xs, w, a, b):
    mesh = jax.make_mesh((2, 4), CONFIG["axes"])
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "data", "model")))
    w = jax.device_put(w, NamedSharding(mesh, P("model", None)))
    a = jax.device_put(a, NamedSharding(mesh, P("model", None)))
    b = jax.device_put(b, NamedSharding(mesh, P()))
    return jax.shard_map(accumulated_loss, mesh=mesh,
                         in_specs=(P(None, "data", "model"), P("model", None), P("model", None), P()),
                         out_specs=P())(xs, w, a, b)


if __name__ == "__main__":
    print(main(*inputs()))
