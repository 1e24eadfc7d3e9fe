"""A logging hook floors the loss with `max(loss, 0.0)` and keeps the wide layout unless that
raises TypeError (what a tracer's truth does). Called on the concrete rank-0 loss of an eager step,
the comparison is a value, whichever it is the layout is the same, so the job takes the psum over
("data", "model") of a value varying on "data" only, which raises."""
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
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    log_loss(jnp.mean(jnp.ones(4)))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(PICKED[0]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
