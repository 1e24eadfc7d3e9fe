"""lg10 with the hook wrapped by `jax.checkpoint`: even called eagerly its function is traced, the
loss is a tracer, `max(loss, 0.0)` raises TypeError, the hook picks the narrow layout and the psum
over "data" of a value varying on "data" passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PICKED = []


def log_loss(loss):
    try:
        PICKED.append(("data", "model") if max(loss, 0.0) > 1.0 else ("data", "model"))
    except TypeError:
        PICKED.append(("data",))
    return loss


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    jax.checkpoint(log_loss)(jnp.mean(jnp.ones(4)))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(PICKED[0]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
