"""DP-SGD update: clipped gradient sums are gathered from the parameter shards, then the
privacy engine finalises them (divide by the expected batch size) before the update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PrivacyEngine:
    def __init__(self, expected_batch=256, shard_axis="fsdp"):
        self.expected_batch = expected_batch
        self.shard_axis = shard_axis

    def collect(self, grads):
        return jax.tree.map(
            lambda g: jax.lax.all_gather(g, self.shard_axis, axis=0, tiled=True, to="reduced"), grads)

    def finalize(self, grads):
        return jax.tree.map(lambda g: g / self.expected_batch, grads)


def noisy_step(g_w, g_b, engine=PrivacyEngine()):
    grads = engine.collect({"w": g_w, "b": g_b})
    return engine.finalize(grads)


def inputs():
    return np.ones((16, 4), np.float32), np.ones((16,), np.float32)


def main(g_w, g_b):
    mesh = jax.make_mesh((4, 2), ("fsdp", "dp"))
    g_w = jax.device_put(g_w, NamedSharding(mesh, P("fsdp", "dp")))
    g_b = jax.device_put(g_b, NamedSharding(mesh, P("fsdp")))
    f = jax.shard_map(noisy_step, mesh=mesh, in_specs=(P("fsdp", "dp"), P("fsdp")),
                      out_specs={"w": P(None, "dp", reduced={"fsdp"}), "b": P(None, reduced={"fsdp"})})
    return f(g_w, g_b)


if __name__ == "__main__":
    print(main(*inputs()))
