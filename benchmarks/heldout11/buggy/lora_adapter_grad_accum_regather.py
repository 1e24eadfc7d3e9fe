"""LoRA fine-tuning: adapter gradients accumulated over micro-batches with lax.scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import AxisType, Mesh, NamedSharding, PartitionSpec as P

RANK = 4


def adapter_grads(lora_a, lora_b, micro_x, micro_y):
    def micro_grad(carry, xy):
        x, y = xy
        h = x @ lora_a
        err = h @ lora_b - y
        return carry, h.T @ err

    _, per_micro = jax.lax.scan(micro_grad, None, (micro_x, micro_y))
    g_b = jnp.sum(per_micro, axis=0)
    g_b = jax.lax.psum(g_b, "data")
    g_b = jax.lax.all_gather(g_b, "data", axis=1, tiled=True, to="reduced")
    return g_b


def inputs():
    r = np.random.RandomState(60)
    return (r.randn(16, RANK).astype(np.float32) * 0.1, np.zeros((RANK, 16), np.float32),
            r.randn(4, 8, 16).astype(np.float32), r.randn(4, 8, 16).astype(np.float32))


def main(a, b, xs, ys):
    mesh = Mesh(mesh_utils.create_device_mesh((2, 4)), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
    a = jax.device_put(a, NamedSharding(mesh, P("model", None)))
    b = jax.device_put(b, NamedSharding(mesh, P(None, "model")))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "data", "model")))
    ys = jax.device_put(ys, NamedSharding(mesh, P(None, "data", "model")))
    f = jax.shard_map(adapter_grads, mesh=mesh,
                      in_specs=(P("model", None), P(None, "model"), P(None, "data", "model"), P(None, "data", "model")),
                      out_specs=P(None, "model", reduced={"data"}))
    return f(a, b, xs, ys)


if __name__ == "__main__":
    print(main(*inputs()).shape)
